package io.h5j.testing;

/**
 * How much crash simulation a test run does, from system properties so that CI stays bounded
 * and a developer can ask for more: {@code -Dh5j.crash.killStates=N} (kill states per
 * operation), {@code -Dh5j.crash.powerCutTrials=N} (random power cuts per fsync epoch),
 * {@code -Dh5j.crash.oracleStates=N} (states per operation and kind also judged by the
 * libhdf5 and versioned-hdf5 oracles), {@code -Dh5j.crash.seed=N}. The defaults (20, 4, 2)
 * keep every crash test together within a few minutes on 2 busy cores.
 */
public record CrashBudget(int killStates, int powerCutTrials, int oracleStates, long seed) {
  public static CrashBudget fromSystemProperties() {
    return new CrashBudget(Integer.getInteger("h5j.crash.killStates", 20),
        Integer.getInteger("h5j.crash.powerCutTrials", 4),
        Integer.getInteger("h5j.crash.oracleStates", 2),
        Long.getLong("h5j.crash.seed", 14));
  }
}
