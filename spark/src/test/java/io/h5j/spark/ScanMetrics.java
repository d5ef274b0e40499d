package io.h5j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;

/** The metrics of the one {@code hdf5} scan of a query that ran. */
final class ScanMetrics {
  private ScanMetrics() {}

  /** The metric "chunks read" of the scan of the plan {@code df} ran (collect it first). */
  static long chunksRead(Dataset<?> df) {
    List<BatchScanExec> scans = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), scans);
    assertEquals(1, scans.size(), df.queryExecution().executedPlan().toString());
    return scans.get(0).metrics().get(ChunksReadMetric.NAME).get().value();
  }

  private static void collect(SparkPlan plan, List<BatchScanExec> out) {
    if (plan instanceof AdaptiveSparkPlanExec a) {
      collect(a.executedPlan(), out);
    } else if (plan instanceof QueryStageExec q) {
      collect(q.plan(), out); // a stage of an adaptive plan is a leaf holding its plan
    } else if (plan instanceof BatchScanExec b) {
      out.add(b);
    }
    // a Scala iterator: its hasNext and next are the same in Scala 2.12 and 2.13, where the
    // collection converters are not
    scala.collection.Iterator<SparkPlan> children = plan.children().iterator();
    while (children.hasNext()) {
      collect(children.next(), out);
    }
  }
}
