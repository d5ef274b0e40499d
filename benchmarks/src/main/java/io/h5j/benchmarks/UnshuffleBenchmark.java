package io.h5j.benchmarks;

import io.h5j.format.filter.Helpers;
import io.h5j.format.filter.ShuffledChunk;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * h5j alone, under JMH: unshuffling one shuffled 1 MiB chunk into each destination a read may
 * have (a Java array, a direct buffer, a heap buffer), on the calling thread only: what the
 * destination costs on top of the transposition.
 *
 * <pre>
 * java -jar benchmarks/target/h5j-benchmarks.jar UnshuffleBenchmark
 * java -jar benchmarks/target/h5j-benchmarks.jar UnshuffleBenchmark -p elementSize=4
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class UnshuffleBenchmark {
  /** Bytes per element: 2, 4 or 8. */
  @Param({"8", "4", "2"})
  public int elementSize;

  private ShuffledChunk chunk;
  private Object array;
  private ByteBuffer direct;
  private ByteBuffer heap;

  @Setup
  public void setUp() {
    int bytes = 1 << 20;
    int n = bytes / elementSize;
    byte[] planes = new byte[bytes];
    new Random(1).nextBytes(planes);
    chunk = new ShuffledChunk(planes, n, elementSize);
    array = elementSize == 8 ? new double[n] : elementSize == 4 ? new float[n] : new short[n];
    direct = ByteBuffer.allocateDirect(bytes);
    heap = ByteBuffer.allocate(bytes);
  }

  @Benchmark
  public Object intoArray() {
    chunk.copyTo(0, array, 0, chunk.elements(), ByteOrder.LITTLE_ENDIAN, Helpers.NONE);
    return array;
  }

  @Benchmark
  public ByteBuffer intoDirectBuffer() {
    chunk.copyTo(0, direct, 0, chunk.elements(), Helpers.NONE);
    return direct;
  }

  @Benchmark
  public ByteBuffer intoHeapBuffer() {
    chunk.copyTo(0, heap, 0, chunk.elements(), Helpers.NONE);
    return heap;
  }
}
