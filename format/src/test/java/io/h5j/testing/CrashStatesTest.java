package io.h5j.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The simulator's states, against states worked out by hand for small recordings. */
class CrashStatesTest {
  private static ChannelOp.Write write(long at, String s) {
    return new ChannelOp.Write(at, s.getBytes(StandardCharsets.US_ASCII));
  }

  private static ChannelOp.Write fill(long at, int n, int value) {
    byte[] b = new byte[n];
    Arrays.fill(b, (byte) value);
    return new ChannelOp.Write(at, b);
  }

  private static String text(CrashState s) {
    return new String(s.bytes(), StandardCharsets.US_ASCII);
  }

  @Test
  void killStatesArePrefixesOfTheRecordingWithFsyncsAddingNone() {
    CrashStates states = new CrashStates("AAAA".getBytes(StandardCharsets.US_ASCII), List.of(
        write(0, "B"), new ChannelOp.Force(1), write(2, "CC"), new ChannelOp.Truncate(3),
        write(5, "D")));
    assertEquals(List.of("AAAA", "BAAA", "BACC", "BAC", "BAC\0\0D"),
        states.kills().stream().map(CrashStatesTest::text).toList());
    assertTrue(states.kills().stream().allMatch(s -> s.kind() == CrashState.Kind.KILL));
  }

  @Test
  void aBoundedKillListKeepsTheEndsAndTheMomentsBeforeEachFsync() {
    List<ChannelOp> ops = new java.util.ArrayList<>();
    for (int i = 0; i < 100; i++) {
      ops.add(fill(i, 1, 1));
      if (i == 30 || i == 70) {
        ops.add(new ChannelOp.Force(ops.size()));
      }
    }
    CrashStates states = new CrashStates(new byte[100], ops);
    List<CrashState> some = states.kills(10, 5);
    assertEquals(10, some.size());
    List<Integer> replayed = some.stream().map(s -> s.replay().size()).toList();
    assertEquals(replayed.stream().sorted().distinct().toList(), replayed, "in order, distinct");
    // ops 0..30 then the fsync at index 31; the second fsync after write 70 is at index 72
    assertTrue(replayed.containsAll(List.of(0, 31, 72, 102)), replayed.toString());
    assertEquals(replayed, states.kills(10, 5).stream().map(s -> s.replay().size()).toList());
    assertNotEquals(replayed, states.kills(10, 6).stream().map(s -> s.replay().size()).toList());
  }

  @Test
  void aPowerCutKeepsWhatTheLastFsyncCoveredAndLosesAnyOfTheRest() {
    byte[] initial = new byte[4 * CrashStates.SECTOR];
    List<ChannelOp> ops = List.of(fill(0, 512, 1), new ChannelOp.Force(1),
        fill(512, 512, 2), fill(1024, 1024, 3), new ChannelOp.Force(4), fill(0, 100, 4));
    CrashStates states = new CrashStates(initial, ops);
    assertEquals(3, states.epochs());
    Set<String> seen = new HashSet<>();
    for (CrashState s : states.powerCuts(2, 200, 9)) {
      byte[] b = s.bytes();
      assertEquals(2048, b.length, s.label());
      assertEquals(1, b[0], "synced by the first fsync: " + s.label());
      assertEquals(1, b[511], s.label());
      seen.add(sectors(b));
    }
    // sector 1 (write 2) and sectors 2, 3 (write 3, tearable between them) land or not
    assertEquals(Set.of("1000", "1200", "1030", "1003", "1033", "1230", "1203", "1233"), seen);
    for (CrashState s : states.powerCuts(3, 50, 9)) {
      byte[] b = s.bytes();
      assertEquals("233", sectors(Arrays.copyOfRange(b, 512, 2048)), s.label());
      assertTrue(b[0] == 1 || b[0] == 4, "a write inside one sector lands whole: " + s.label());
      assertEquals(b[0], b[99], s.label());
      assertEquals(1, b[100], s.label());
    }
  }

  /** The first byte of each sector, as digits: which write each sector holds. */
  private static String sectors(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < b.length; i += CrashStates.SECTOR) {
      sb.append(b[i]);
      for (int k = i; k < Math.min(b.length, i + CrashStates.SECTOR); k++) {
        assertEquals(b[i], b[k], "sector " + i / CrashStates.SECTOR + " holds one write whole");
      }
    }
    return sb.toString();
  }

  @Test
  void theFirstTrialLosesTheEpochAndTheSecondKeepsItWithTheLastWriteTorn() {
    byte[] initial = new byte[2048];
    CrashStates states = new CrashStates(initial, List.of(fill(0, 512, 1),
        new ChannelOp.Force(1), fill(512, 1536, 2)));
    List<CrashState> cuts = states.powerCuts(2, 2, 3);
    assertEquals("1000", sectors(cuts.get(0).bytes()));
    String torn = sectors(cuts.get(1).bytes());
    assertTrue(Set.of("1200", "1220", "1002", "1022").contains(torn), torn);
  }

  @Test
  void aWriteThatAnFsyncDidNotCoverCanBeLostAfterIt() {
    // the second write completed while the fsync ran (covers 1): it is not durable after it
    CrashStates states = new CrashStates(new byte[2], List.of(fill(0, 1, 1), fill(1, 1, 2),
        new ChannelOp.Force(1), fill(0, 1, 3)));
    Set<String> seen = states.powerCuts(2, 100, 1).stream()
        .map(s -> s.bytes()[0] + "" + s.bytes()[1]).collect(Collectors.toSet());
    assertEquals(Set.of("10", "12", "30", "32"), seen);
  }

  @Test
  void aLostWriteThatGrewTheFileLeavesItShortOrZeroFilled() {
    byte[] initial = new byte[1000];
    Arrays.fill(initial, (byte) 9);
    CrashStates states = new CrashStates(initial, List.of(fill(4096, 1024, 5)));
    Set<String> seen = new HashSet<>();
    for (CrashState s : states.powerCuts(1, 100, 2)) {
      byte[] b = s.bytes();
      assertEquals(9, b[999], s.label());
      assertEquals(0, b.length > 1000 ? b[1000] : 0, "the hole before the write reads zeros");
      String first = b.length > 4096 ? "" + b[4096] : "-";
      String second = b.length > 4608 ? "" + b[4608] : "-";
      seen.add(b.length + ":" + first + second);
    }
    // lost, torn either way or landed whole; short, or as long as at the cut with zeros
    assertEquals(Set.of("1000:--", "5120:00", "4608:5-", "5120:50", "5120:05", "5120:55"),
        seen);
  }

  @Test
  void aTruncateInTheEpochLandsOrNot() {
    byte[] initial = new byte[2048];
    Arrays.fill(initial, (byte) 7);
    CrashStates states = new CrashStates(initial, List.of(new ChannelOp.Truncate(1024)));
    Set<Integer> lengths = states.powerCuts(1, 40, 4).stream().map(s -> s.bytes().length)
        .collect(Collectors.toSet());
    assertEquals(Set.of(1024, 2048), lengths);
    assertTrue(states.powerCuts(1, 40, 4).stream().allMatch(s -> s.bytes()[1023] == 7));
  }

  @Test
  void theSameSeedGivesTheSameStates() {
    List<ChannelOp> ops = List.of(fill(0, 4096, 1), new ChannelOp.Force(1), fill(100, 3000, 2),
        fill(5000, 700, 3), new ChannelOp.Truncate(5500));
    CrashStates states = new CrashStates(new byte[6000], ops);
    List<String> a = states.powerCuts(20, 11).stream().map(CrashState::label).toList();
    List<String> b = states.powerCuts(20, 11).stream().map(CrashState::label).toList();
    assertEquals(a, b);
    assertNotEquals(a, states.powerCuts(20, 12).stream().map(CrashState::label).toList());
    assertArrayEquals(states.powerCuts(20, 11).get(7).bytes(),
        states.powerCuts(20, 11).get(7).bytes());
  }
}
