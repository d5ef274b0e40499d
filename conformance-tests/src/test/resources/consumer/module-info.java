// A user's program: it sees h5j as any user does, through the exported packages only.
module org.example.grid {
  requires io.h5j;
  requires io.h5j.versioning;
  requires io.h5j.repack;
}
