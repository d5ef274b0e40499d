package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.h5j.testing.Fixtures;
import io.h5j.testing.OracleTest;
import io.h5j.testing.Oracles;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Option {@code timestampAsOf} without an offset is a time in the session's time zone
 * ({@code spark.sql.session.timeZone}), not UTC: the local time in Tokyo just after the fixture's
 * v2 was committed reads v2 (whose sum h5py gives), where UTC would have read v3.
 */
@OracleTest
class SparkTimestampAsOfZoneTest {
  private static final Path FILE =
      Fixtures.dir().resolve("versioned-hdf5/smoke-2.4.1.dev-5389a78.h5");

  @Test
  void aTimeWithoutOffsetIsInTheSessionTimeZone() throws Exception {
    String h5py = Oracles.python(String.join("\n",
        "import sys, h5py, datetime",
        "f = h5py.File(sys.argv[1], 'r')",
        "v = f['_version_data/versions']",
        "for n in ['v2', 'v3']:",
        "    t = datetime.datetime.strptime(v[n].attrs['timestamp'], '%Y-%m-%d %H:%M:%S.%f%z')",
        "    print(n, t.isoformat(), repr(float(v[n]['grid'][()].astype('f8').sum())))",
        ""), FILE.toString()).trim();
    Map<String, String[]> versions = new HashMap<>();
    for (String line : h5py.lines().toList()) {
      String[] f = line.split(" ");
      versions.put(f[0], f);
    }
    Instant v2 = java.time.OffsetDateTime.parse(versions.get("v2")[1]).toInstant();
    ZoneId tokyo = ZoneId.of("Asia/Tokyo");
    String local = LocalDateTime.ofInstant(v2.plusNanos(1000), tokyo).toString();
    double v2Sum = Double.parseDouble(versions.get("v2")[2]);
    assertNotEquals(v2Sum, Double.parseDouble(versions.get("v3")[2]), "v2 and v3 differ");
    SparkSession spark = TestSpark.session();
    String before = spark.conf().get("spark.sql.session.timeZone");
    spark.conf().set("spark.sql.session.timeZone", tokyo.getId());
    try {
      double sum = ((Number) spark.read().format("hdf5").option("dataset", "/grid")
          .option("timestampAsOf", local).load(FILE.toString()).agg(
              org.apache.spark.sql.functions.sum("value")).collectAsList().get(0).get(0))
          .doubleValue();
      assertEquals(v2Sum, sum, "the version current at " + local + " in " + tokyo);
    } finally {
      spark.conf().set("spark.sql.session.timeZone", before);
    }
  }
}
