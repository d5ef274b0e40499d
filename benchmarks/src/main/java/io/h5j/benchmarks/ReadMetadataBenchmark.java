package io.h5j.benchmarks;

import io.h5j.Attribute;
import io.h5j.Group;
import io.h5j.H5File;
import io.h5j.Link;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * h5j alone, under JMH: listing a dense group and reading dense attributes of a file that
 * stays open (so the numbers exclude opening the file), on inputs written by h5py.
 *
 * <pre>
 * java -jar benchmarks/target/h5j-benchmarks.jar ReadMetadataBenchmark
 * java -jar benchmarks/target/h5j-benchmarks.jar ReadMetadataBenchmark -p links=1000
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class ReadMetadataBenchmark {
  /** Links in the dense group. */
  @Param("100000")
  public int links;

  /** Scalar int64 attributes on one group (and spread over groups of 100). */
  @Param("10000")
  public int attributes;

  private Path dir;
  private H5File file;
  private Group dense;
  private Group one;
  private Group spread;

  @Setup
  public void setUp() throws Exception {
    dir = Files.createTempDirectory("h5j-jmh");
    int groups = Math.max(1, attributes / 100);
    new H5pySide(dir).prepare(dir, new Sizes(links, groups, attributes / groups, 1, 0, 0, 0),
        true);
    file = H5File.open(dir.resolve("links.h5"));
    dense = file.group("g");
    H5File attrs = H5File.open(dir.resolve("attrs.h5"));
    one = attrs.group("one");
    spread = attrs.group("spread");
  }

  @TearDown
  public void tearDown() throws IOException {
    file.close();
    one.file().close();
    try (var files = Files.list(dir)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Files.delete(p);
      }
    }
    Files.delete(dir);
  }

  @Benchmark
  public List<String> memberNames() throws IOException {
    return dense.memberNames();
  }

  @Benchmark
  public List<Link> links() throws IOException {
    return dense.links();
  }

  @Benchmark
  public Map<String, Attribute> attributesOfOneGroup() throws IOException {
    return one.attributes().all();
  }

  @Benchmark
  public long attributesOfGroupsOf100() throws IOException {
    long n = 0;
    for (String name : spread.memberNames()) {
      n += spread.group(name).attributes().all().size();
    }
    return n;
  }

  /** Open, list and close: what the whole-process comparison times. */
  @Benchmark
  public int openAndListNames() throws IOException {
    try (H5File f = H5File.open(dir.resolve("links.h5"))) {
      return f.group("g").memberNames().size();
    }
  }
}
