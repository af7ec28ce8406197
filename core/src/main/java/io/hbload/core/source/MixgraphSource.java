package io.hbload.core.source;

import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.mixgraph.MixgraphCheck;
import io.hbload.core.mixgraph.MixgraphKeys;
import io.hbload.core.mixgraph.MixgraphModel;
import io.hbload.core.mixgraph.SeekLengths;
import io.hbload.core.mixgraph.Tally;
import io.hbload.core.mixgraph.ValueSizes;
import io.hbload.core.values.FieldLengthChooser;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.RowValues;
import java.util.Map;

/**
 * db_bench's mixgraph as one worker's operation source: each operation a Get (a READ of the whole
 * row), a Put (an UPDATE of the row's one field with a value of the drawn size) or a Seek (a SCAN
 * of the drawn length from the key), on keys drawn by the {@link MixgraphModel}. Keys are {@code
 * user} and the key number zero-padded to {@code key_size} bytes, so that their order is the
 * numbers' (db_bench's big-endian keys), on which key ranges and scans rely. The load writes every
 * record's one field with a size drawn from the same value-size distribution.
 *
 * <p>An operation draws, from the phase's seed at its number ({@link CycleRandom}): the query, the
 * key (range, then place in it), then a Put's size and the value's place in the byte pool, or a
 * Seek's length; a record its size and place. Each run-phase operation's checked key value and each
 * Put's size are counted for the run's {@link MixgraphCheck}, to which the counts go when the
 * worker ends. Thread-confined to its worker; reuses its value buffer and field selection, so
 * steady state allocates nothing.
 */
public final class MixgraphSource<S extends Step> implements OperationSource<S> {
  private final YcsbSteps<S> steps;
  private final String table;
  private final KeySpace keySpace;
  private final CycleRandom random;
  private final MixgraphModel model;
  private final MixgraphKeys keys;
  private final SeekLengths seeks;
  private final FieldSelection allFields;
  private final RowValues values;
  private final int keyDigits;
  private final MixgraphCheck check;
  private final Tally keyTally;
  private final Tally sizeTally;

  public MixgraphSource(
      YcsbSteps<S> steps, PhaseContext phase, MixgraphSpec mixgraph, MixgraphCheck check) {
    WorkloadSpec spec = phase.workload();
    this.steps = steps;
    this.table = spec.table();
    this.keySpace = phase.keys();
    this.random = new CycleRandom(phase.seed());
    this.model = new MixgraphModel(mixgraph, spec.records().count());
    this.keys = model.keys();
    this.seeks = model.seeks();
    this.allFields = FieldSelection.all(spec);
    ValueSizes sizes = model.values();
    CycleRandom draws = random;
    this.values =
        new RowValues(
            spec,
            random,
            new FieldLengthChooser() {
              @Override
              public int next() {
                return sizes.size(1 - draws.nextDouble());
              }

              @Override
              public int maxLength() {
                return sizes.max();
              }
            });
    this.keyDigits = mixgraph.keySize() - KEY_PREFIX;
    this.check = check;
    this.keyTally = check.newKeyTally();
    this.sizeTally = check.newSizeTally();
  }

  /** The bytes of {@code user} before a key's digits. */
  static final int KEY_PREFIX = 4;

  @Override
  public boolean load(OperationSlot<S> s) {
    long keyNumber = keySpace.nextLoadKeyNumber();
    s.cycle = keyNumber; // a record's value is its key's, whoever loads it
    random.at(keyNumber, CycleRandom.RECORD);
    KeyNames.format(keyNumber, true, keyDigits, s.key);
    steps.one(s, steps.insert(), table);
    s.values = values.one(s.key, 0);
    return true;
  }

  @Override
  public boolean transaction(OperationSlot<S> s) {
    random.at(s.cycle, CycleRandom.FIRST);
    MixgraphModel.Query query = model.query(random.nextDouble());
    KeyNames.format(keys.next(random), true, keyDigits, s.key);
    keyTally.record(keys.checked());
    switch (query) {
      case GET -> steps.readRow(s, table, allFields);
      case PUT -> {
        steps.updateRow(s, table, values.one(s.key, 0));
        sizeTally.record(values.length(0));
      }
      case SEEK -> {
        steps.one(s, steps.scan(), table);
        s.scanLength = seeks.length(1 - random.nextDouble());
        s.fields = allFields;
      }
    }
    return true;
  }

  /** Every mixgraph operation is one call. */
  @Override
  public Next completed(OperationSlot<S> s, boolean finishing) {
    return Next.DONE;
  }

  /** Never asked: a mixgraph operation is never retried. */
  @Override
  public void retry(OperationSlot<S> s) {
    throw new IllegalStateException("a mixgraph operation is never retried");
  }

  /** The worker's counts go to the run's check; no figures of its own. */
  @Override
  public Map<String, Long> figures() {
    check.add(keyTally, sizeTally);
    return Map.of();
  }

  /** A mixgraph operation holds nothing to let go. */
  @Override
  public void release(OperationSlot<S> s) {}
}
