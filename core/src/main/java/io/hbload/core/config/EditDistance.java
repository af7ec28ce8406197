package io.hbload.core.config;

/**
 * How far apart two names are, for the command line's "did you mean" (a misspelt property, a
 * misspelt figure of {@code compare --gate}): the Levenshtein distance, insertions, deletions and
 * substitutions (a swapped pair counts 2). Apart from {@link PropertyReader}, which only parsers
 * may use, so that other commands can suggest names too. Stateless; allocates two rows per call.
 */
public final class EditDistance {
  private EditDistance() {}

  public static int between(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] =
            Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }
}
