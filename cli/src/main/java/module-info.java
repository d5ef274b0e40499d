/**
 * The {@code h5j} command: ls, dump, diff, repack, check, log, show, commit, checkout, demo.
 * It exports nothing; its interface is the command line (docs/VERSIONING.md).
 */
module io.h5j.cli {
  requires io.h5j;
  requires io.h5j.versioning;
  requires io.h5j.repack;
  requires info.picocli;

  // picocli fills the commands' annotated fields and calls their methods reflectively
  opens io.h5j.cli to info.picocli;
}
