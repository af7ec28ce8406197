package io.hbload.hbase.pe;

/**
 * How a {@code hbload pe} run goes: its clients, their connections and buffering, which rows are
 * measured and what each client reports. Immutable.
 *
 * @param clients PE's nclients: the clients (the engine's workers)
 * @param oneCon PE's --oneCon: all clients share one connection
 * @param autoFlush PE's --autoFlush: writes go through Table (true) or a BufferedMutator (false)
 * @param measureAfter PE's --measureAfter: each client's first N rows are not measured
 * @param sampleRate PE's --sampleRate: the share of the rows each client does
 * @param randomSleepMillis PE's --randomSleep: random reads first sleep 0 .. N-1 ms, outside the
 *     timed call
 * @param latencyThresholdMillis PE's --latencyThreshold: each client's count of operations that
 *     took at least this many ms is printed, 0 for none
 */
public record PeExecution(
    int clients,
    boolean oneCon,
    boolean autoFlush,
    int measureAfter,
    float sampleRate,
    int randomSleepMillis,
    int latencyThresholdMillis) {}
