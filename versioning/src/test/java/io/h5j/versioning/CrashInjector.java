package io.h5j.versioning;

import com.fasterxml.jackson.databind.JsonNode;
import io.h5j.FaultyChannel;
import io.h5j.H5File;
import io.h5j.testing.ChannelOp;
import io.h5j.testing.CrashState;
import io.h5j.testing.CrashStates;
import io.h5j.testing.RecordingChannel;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Does an h5j step with a crash at a random write, as its {@code "crash"} asks: the step is
 * recorded on a copy of the file ({@link RecordingChannel}), and the file is replaced by one
 * state {@link CrashStates} makes of the recording, drawn from the crash's seed: after a
 * kill at any operation ({@code kill}), or a power cut in any fsync epoch ({@code power-cut}:
 * writes since the last fsync lost, one torn); or ({@code fail}) the step is done on the file
 * itself through a channel whose n-th write fails, as on a full disk, n drawn among the writes
 * the recording made (or given as {@code "write"}), and the file is then closed as a user's
 * program would.
 */
final class CrashInjector {
  private CrashInjector() {}

  /** Which state the crash left, for messages and counts. */
  record Injected(String mode, String label) {}

  static Injected run(Path file, JsonNode step) throws IOException {
    JsonNode crash = step.get("crash");
    String mode = crash.get("mode").asText();
    Random rnd = new Random(crash.get("seed").asLong());
    byte[] initial = Files.readAllBytes(file);
    List<ChannelOp> ops = record(file, step);
    CrashStates states = new CrashStates(initial, ops);
    switch (mode) {
      case "kill" -> {
        List<CrashState> kills = states.kills();
        return place(file, mode, kills.get(rnd.nextInt(kills.size())));
      }
      case "power-cut" -> {
        List<CrashState> cuts = new ArrayList<>();
        for (int tries = 0; cuts.isEmpty() && tries < 2 * states.epochs(); tries++) {
          cuts = states.powerCuts(1 + rnd.nextInt(states.epochs()), 4, rnd.nextLong());
        }
        if (cuts.isEmpty()) {
          List<CrashState> kills = states.kills();
          return place(file, "kill", kills.get(rnd.nextInt(kills.size())));
        }
        return place(file, mode, cuts.get(rnd.nextInt(cuts.size())));
      }
      case "fail" -> {
        long writes = ops.stream().filter(op -> !(op instanceof ChannelOp.Force)).count();
        int failAt = crash.has("write") ? crash.get("write").asInt()
            : 1 + rnd.nextInt((int) Math.max(1, writes));
        return new Injected(mode, failing(file, step, failAt) + " (write " + failAt + " of "
            + writes + " fails)");
      }
      default -> throw new IllegalArgumentException("unknown crash mode in " + crash);
    }
  }

  /** The operations of the step done on a copy of {@code file}. */
  private static List<ChannelOp> record(Path file, JsonNode step) throws IOException {
    Path copy = file.resolveSibling("recorded-" + file.getFileName());
    Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
    try (FileChannel ch = FileChannel.open(copy, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      RecordingChannel rec = new RecordingChannel(ch);
      try (VersionedFile vf = VersionedFile.of(H5File.open(copy, rec, true), true)) {
        InteropScenario.apply(vf, step);
      }
      return rec.operations();
    } finally {
      Files.deleteIfExists(copy);
    }
  }

  private static Injected place(Path file, String mode, CrashState state) throws IOException {
    state.writeTo(file);
    return new Injected(mode, state.label());
  }

  /** The step through a channel failing at write {@code failAt}; what the user saw. */
  private static String failing(Path file, JsonNode step, int failAt) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      FaultyChannel faulty = new FaultyChannel(ch, failAt);
      try (VersionedFile vf = VersionedFile.of(H5File.open(file, faulty, true), true)) {
        InteropScenario.apply(vf, step);
      }
      return "the step completed";
    } catch (IOException | RuntimeException e) {
      if (!injected(e)) {
        throw e;
      }
      return "the step failed: " + e;
    }
  }

  /** Whether {@code t}, a cause of it or one it suppressed is the injected fault. */
  private static boolean injected(Throwable t) {
    if (t == null) {
      return false;
    }
    if (String.valueOf(t.getMessage()).contains("injected fault")) {
      return true;
    }
    for (Throwable s : t.getSuppressed()) {
      if (injected(s)) {
        return true;
      }
    }
    return t.getCause() != t && injected(t.getCause());
  }
}
