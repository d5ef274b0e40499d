package io.h5j.format.io;

import java.io.IOException;

/**
 * Starts the kernel's writeback of a file being written while the writing goes on: each time
 * a given number of bytes was written, a daemon thread of the file's own asks for the data to
 * be synced ({@code fsync} without metadata), so that the final sync at close has only the
 * last part left to wait for. Nothing is made durable that would not be at close; the writer
 * never waits for it. Used by {@link FileAccess} for the files h5j opens for writing, and by
 * repack's output channel.
 *
 * <p>A failed background sync is kept and thrown by the next {@link #rethrowFailure()}: on Linux
 * a writeback error is reported to one sync only, so a swallowed one could let the final sync
 * succeed over lost data.
 */
public final class EarlyWriteback {
  /** Syncs the data written so far (the file's {@code force(false)}). */
  public interface DataSync {
    void sync() throws IOException;
  }

  /** {@link FileAccess}'s interval: 16 MiB. */
  static final long EVERY_BYTES = 16L << 20;

  private final String fileName;
  private final DataSync dataSync;
  private final long everyBytes;
  private long sinceLastKick;
  private boolean pending;
  private boolean stopped;
  private boolean paused;
  private Thread thread;
  private IOException failure;

  /** Syncs {@code fileName} with {@code dataSync} each time {@code everyBytes} were written. */
  public EarlyWriteback(String fileName, DataSync dataSync, long everyBytes) {
    this.fileName = fileName;
    this.dataSync = dataSync;
    this.everyBytes = everyBytes;
  }

  /** Counts {@code bytes} just written; past the threshold, wakes (or starts) the thread. */
  public synchronized void written(long bytes) {
    sinceLastKick += bytes;
    if (sinceLastKick < everyBytes || stopped || paused) {
      return;
    }
    sinceLastKick = 0;
    pending = true;
    if (thread == null) {
      thread = new Thread(this::run, "h5j-writeback " + fileName);
      thread.setDaemon(true);
      thread.start();
    }
    notifyAll();
  }

  /**
   * Stops (true) or resumes (false) starting syncs, for a file whose owner asked for no sync
   * at all ({@code H5File.syncOnClose(false)}): the syncs here only shorten the final one.
   */
  public synchronized void pause(boolean pause) {
    this.paused = pause;
  }

  /** Throws the failure of a background sync, if one failed since the file was opened. */
  public synchronized void rethrowFailure() throws IOException {
    if (failure != null) {
      throw new IOException("background sync of " + fileName + " failed", failure);
    }
  }

  /** Ends the thread after the sync it may be running; called before the file is closed. */
  public void stop() throws InterruptedException {
    Thread running;
    synchronized (this) {
      stopped = true;
      notifyAll();
      running = thread;
    }
    if (running != null) {
      running.join();
    }
  }

  private void run() {
    while (true) {
      synchronized (this) {
        while (!pending && !stopped) {
          try {
            wait();
          } catch (InterruptedException e) {
            return;
          }
        }
        if (stopped) {
          return;
        }
        pending = false;
      }
      try {
        dataSync.sync();
      } catch (IOException e) {
        synchronized (this) {
          failure = e;
          stopped = true;
        }
        return;
      }
    }
  }
}
