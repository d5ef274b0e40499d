package io.h5j.versioning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The process {@link KillTest} and {@link CrashExamplesTest} kill with SIGKILL. Modes:
 * {@code work MAIN FRESH} does {@link KillWorkload} from whatever state MAIN is in, forever;
 * {@code create TARGET} calls {@link VersionedFile#create} on TARGET, forever; {@code
 * create-once TARGET} once, then ends. It prints
 * "ready" once started and "begin STEP" / "end STEP" around every step, flushed, so that
 * the killer knows which step a kill interrupted. Anything that fails ends it with a stack
 * trace and exit status 1.
 */
public final class KillChild {
  private KillChild() {}

  public static void main(String[] args) throws IOException {
    say("ready");
    if (args[0].startsWith("create")) {
      Path target = Path.of(args[1]);
      boolean once = args[0].equals("create-once");
      while (true) {
        say("begin create");
        VersionedFile.create(target).close();
        say("end create");
        if (once) {
          return;
        }
      }
    }
    Path main = Path.of(args[1]);
    Path fresh = Path.of(args[2]);
    if (!Files.exists(main)) {
      say("begin create main");
      VersionedFile.create(main).close();
      say("end create main");
    }
    try (VersionedFile vf = VersionedFile.open(main)) {
      while (true) {
        String step = KillWorkload.nextStep(shown(vf));
        say("begin " + step);
        KillWorkload.run(vf, step);
        say("end " + step);
        if (step.startsWith("commit") && KillWorkload.highest(shown(vf)) % 2 == 0) {
          say("begin create fresh");
          try (VersionedFile f = VersionedFile.create(fresh)) {
            f.commit("f1", null, st -> KillWorkload.write(st, 0));
          }
          say("end create fresh");
        }
      }
    }
  }

  /** What the file shows, as far as {@link KillWorkload#nextStep} asks: names and current. */
  private static FileExpectation shown(VersionedFile vf) throws IOException {
    Map<String, FileExpectation.Version> v = new LinkedHashMap<>();
    for (VersionInfo i : vf.versions()) {
      v.put(i.name(), new FileExpectation.Version(i.parent(), Map.of()));
    }
    String c = vf.currentVersion();
    return new FileExpectation(c == null ? FileExpectation.NO_VERSION : c, v);
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
