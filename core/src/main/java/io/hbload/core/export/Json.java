package io.hbload.core.export;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON writer for hbload's own result documents, so core needs no JSON library (JMH does the
 * same). Non-finite doubles are written as strings ("NaN"), as Jackson does by default. Stateless.
 */
public final class Json {
  private Json() {
  }

  public static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }

  /** Numbers, booleans, strings, null, lists and string-keyed maps. */
  public static String value(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Double d) {
      return d.isNaN() || d.isInfinite() ? quote(d.toString()) : d.toString();
    }
    if (v instanceof Float f) {
      return value((double) f);
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    if (v instanceof Map<?, ?> m) {
      StringBuilder sb = new StringBuilder("{");
      Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        sb.append(quote(String.valueOf(e.getKey()))).append(": ").append(value(e.getValue()));
        if (it.hasNext()) {
          sb.append(", ");
        }
      }
      return sb.append('}').toString();
    }
    if (v instanceof List<?> l) {
      StringBuilder sb = new StringBuilder("[");
      for (int i = 0; i < l.size(); i++) {
        if (i > 0) {
          sb.append(", ");
        }
        sb.append(value(l.get(i)));
      }
      return sb.append(']').toString();
    }
    return quote(v.toString());
  }
}
