package io.h5j.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/**
 * A Hadoop configuration that Java serialization carries (Hadoop's own is a
 * {@link org.apache.hadoop.io.Writable} only): broadcast once per scan, so that executors
 * open files with the driver's file system settings (credentials, endpoints, fs.*.impl).
 */
final class SerializableHadoopConf implements Serializable {
  private static final long serialVersionUID = 1L;
  private transient Configuration conf;

  SerializableHadoopConf(Configuration conf) {
    this.conf = conf;
  }

  Configuration get() {
    return conf;
  }

  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    conf.write(out);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    conf = new Configuration(false);
    conf.readFields(in);
  }
}
