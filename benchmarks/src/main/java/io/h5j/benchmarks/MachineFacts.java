package io.h5j.benchmarks;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** What a benchmark report says about the machine: CPU, memory, OS, JVM, load. */
final class MachineFacts {
  private MachineFacts() {}

  /** Cores, CPU model, RAM and OS, from /proc where it exists. */
  static String machine() throws IOException {
    String cpu = firstValue(Path.of("/proc/cpuinfo"), "model name");
    String memKb = firstValue(Path.of("/proc/meminfo"), "MemTotal");
    String mem = memKb.equals("?") ? "?"
        : (Long.parseLong(memKb.replaceAll("[^0-9]", "")) >> 20) + " GiB RAM";
    return Runtime.getRuntime().availableProcessors() + " cores (" + cpu + "), " + mem + ", "
        + System.getProperty("os.name") + " " + System.getProperty("os.version");
  }

  /** The JVM's version, name and max heap. */
  static String jvm() {
    List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
    return "Java " + System.getProperty("java.vm.version") + " ("
        + System.getProperty("java.vm.name") + "), max heap "
        + (Runtime.getRuntime().maxMemory() >> 20) + " MiB, collectors "
        + ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(" + "))
        + ", JVM options " + (options.isEmpty() ? "none" : String.join(" ", options));
  }

  /** The 1, 5 and 15 minute load averages, as in uptime. */
  static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim()
          .replaceAll("^(\\S+ \\S+ \\S+).*", "$1");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String firstValue(Path file, String key) throws IOException {
    if (!Files.exists(file)) {
      return "?";
    }
    for (String line : Files.readAllLines(file)) {
      if (line.startsWith(key)) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return "?";
  }
}
