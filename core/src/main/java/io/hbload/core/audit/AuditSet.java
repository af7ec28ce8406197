package io.hbload.core.audit;

import java.util.Arrays;
import java.util.List;

/**
 * What the store must hold after a run, per key written: resolved from the workers' {@link
 * WriteLog}s and sorted by key number, 16 bytes a key (the key number; the digest, state and field
 * code of what it must hold).
 *
 * <p>How a key's writes resolve: an acknowledged write is the key's last unless another
 * acknowledged write of it started after it ended; the writes that may be last are those, and every
 * write whose outcome is unknown (it may have been applied at any time after it started). When they
 * all wrote the same (or all deleted), the key must hold that: {@link #WRITTEN} or {@link
 * #DELETED}. When acknowledged writes that overlapped in time wrote different values, the key must
 * exist, whichever came last ({@link #PRESENT}). A key none of whose writes was acknowledged, or
 * whose possible last writes include an unknown one that differs, is {@link #UNKNOWN} (or {@link
 * #UNACKED_INSERT} when they were all inserts: such a row, when present, is unexpected but not a
 * failure).
 *
 * <p>Immutable once built; thread-safe to read.
 */
public final class AuditSet {
  /** The key must hold the digest of its field code's values. */
  public static final int WRITTEN = 0;

  /** The key must be absent. */
  public static final int DELETED = 1;

  /** The key must exist; which of its acknowledged values it holds cannot be told. */
  public static final int PRESENT = 2;

  /** What the key holds cannot be told. */
  public static final int UNKNOWN = 3;

  /** The key's only writes were inserts whose outcome is unknown. */
  public static final int UNACKED_INSERT = 4;

  private final long[] keys;
  private final long[] infos;
  private final long writes;

  AuditSet(long[] keys, long[] infos, long writes) {
    this.keys = keys;
    this.infos = infos;
    this.writes = writes;
  }

  /** A set read back from its file: keys and their {@link #info}s. */
  static AuditSet of(long[] keys, long[] infos, long writes) {
    return new AuditSet(keys, infos, writes);
  }

  /** Keys remembered. */
  public int size() {
    return keys.length;
  }

  /** The writes they were resolved from. */
  public long writes() {
    return writes;
  }

  /** The bytes its arrays take. */
  public long bytes() {
    return 16L * keys.length;
  }

  public long key(int i) {
    return keys[i];
  }

  public int state(int i) {
    return (int) (infos[i] >>> 16) & 0xFF;
  }

  /** {@link WriteLog#ALL_FIELDS} or 1 + the field the key's value is in. */
  public int fieldCode(int i) {
    return (int) infos[i] & 0xFFFF;
  }

  public int digest(int i) {
    return (int) (infos[i] >>> 32);
  }

  long info(int i) {
    return infos[i];
  }

  /** Keys in {@code state}. */
  public long count(int state) {
    long n = 0;
    for (int i = 0; i < infos.length; i++) {
      if (state(i) == state) {
        n++;
      }
    }
    return n;
  }

  static long info(int digest, int state, int fieldCode) {
    return ((long) digest << 32) | ((long) state << 16) | (fieldCode & 0xFFFF);
  }

  /**
   * Resolves the logs of every worker of a run (each sorted in place here); read after the workers
   * ended. Two passes of a k-way merge by key: one counts the keys, one fills the set.
   */
  public static AuditSet resolve(List<WriteLog> logs) {
    long writes = 0;
    for (WriteLog log : logs) {
      log.sortByKey();
      writes += log.size();
    }
    Merge count = new Merge(logs, null, null);
    int keys = count.run();
    long[] k = new long[keys];
    long[] info = new long[keys];
    new Merge(logs, k, info).run();
    return new AuditSet(k, info, writes);
  }

  /** One pass over the logs in key order, each key's writes resolved together. */
  private static final class Merge {
    private final WriteLog[] logs;
    private final int[] pos;
    private final int[] heap;
    private int heapSize;
    private final long[] outKeys;
    private final long[] outInfos;
    private int[] groupLog = new int[16];
    private int[] groupAt = new int[16];
    private int group;

    Merge(List<WriteLog> logs, long[] outKeys, long[] outInfos) {
      this.logs = logs.toArray(new WriteLog[0]);
      this.pos = new int[this.logs.length];
      this.heap = new int[this.logs.length];
      this.outKeys = outKeys;
      this.outInfos = outInfos;
    }

    int run() {
      for (int l = 0; l < logs.length; l++) {
        if (logs[l].size() > 0) {
          heap[heapSize++] = l;
        }
      }
      for (int i = heapSize / 2 - 1; i >= 0; i--) {
        down(i);
      }
      int keys = 0;
      while (heapSize > 0) {
        long key = head(heap[0]);
        group = 0;
        while (heapSize > 0 && head(heap[0]) == key) {
          int l = heap[0];
          add(l, pos[l]++);
          if (pos[l] == logs[l].size()) {
            heap[0] = heap[--heapSize];
          }
          if (heapSize > 0) {
            down(0);
          }
        }
        if (outKeys != null) {
          outKeys[keys] = key;
          outInfos[keys] = resolveGroup();
        }
        keys++;
      }
      return keys;
    }

    private long head(int l) {
      return WriteLog.keyNumber(logs[l].keyWord(pos[l]));
    }

    private void down(int i) {
      while (true) {
        int smallest = i;
        int left = 2 * i + 1;
        int right = left + 1;
        if (left < heapSize && head(heap[left]) < head(heap[smallest])) {
          smallest = left;
        }
        if (right < heapSize && head(heap[right]) < head(heap[smallest])) {
          smallest = right;
        }
        if (smallest == i) {
          return;
        }
        int t = heap[i];
        heap[i] = heap[smallest];
        heap[smallest] = t;
        i = smallest;
      }
    }

    private void add(int log, int at) {
      if (group == groupLog.length) {
        groupLog = Arrays.copyOf(groupLog, group * 2);
        groupAt = Arrays.copyOf(groupAt, group * 2);
      }
      groupLog[group] = log;
      groupAt[group] = at;
      group++;
    }

    /** The key's writes (the group) resolved to what it must hold. */
    private long resolveGroup() {
      long maxStartOk = -1;
      boolean anyOk = false;
      for (int g = 0; g < group; g++) {
        WriteLog log = logs[groupLog[g]];
        int at = groupAt[g];
        int outcome = WriteLog.outcome(log.keyWord(at));
        if (outcome == WriteLog.OK_WRITE || outcome == WriteLog.OK_DELETE) {
          anyOk = true;
          maxStartOk = Math.max(maxStartOk, log.startTick(at));
        }
      }
      boolean first = true;
      boolean agree = true;
      boolean unknownCandidate = false;
      boolean deleteCandidate = false;
      boolean allUnknownInserts = true;
      int code = 0;
      int digest = 0;
      for (int g = 0; g < group; g++) {
        WriteLog log = logs[groupLog[g]];
        int at = groupAt[g];
        long word = log.keyWord(at);
        int outcome = WriteLog.outcome(word);
        boolean ok = outcome == WriteLog.OK_WRITE || outcome == WriteLog.OK_DELETE;
        if (outcome != WriteLog.UNKNOWN_INSERT) {
          allUnknownInserts = false;
        }
        // an acknowledged write that ended before another acknowledged one started is not last
        if (ok && log.endTick(at) < maxStartOk) {
          continue;
        }
        int c = WriteLog.fieldCode(word);
        int d = c == WriteLog.DELETE ? 0 : log.digest(at);
        unknownCandidate |= !ok;
        deleteCandidate |= c == WriteLog.DELETE;
        if (first) {
          code = c;
          digest = d;
          first = false;
        } else if (c != code || d != digest) {
          agree = false;
        }
      }
      if (!anyOk) {
        return info(digest, allUnknownInserts ? UNACKED_INSERT : UNKNOWN, code);
      }
      if (agree) {
        return code == WriteLog.DELETE ? info(0, DELETED, 0) : info(digest, WRITTEN, code);
      }
      if (!unknownCandidate && !deleteCandidate) {
        return info(0, PRESENT, WriteLog.ALL_FIELDS);
      }
      return info(0, UNKNOWN, 0);
    }
  }
}
