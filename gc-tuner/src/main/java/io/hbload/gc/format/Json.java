package io.hbload.gc.format;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Minimal JSON writer for the {@code json} format: maps (insertion order kept), lists, strings, numbers, booleans,
 * null. Enough for the tuner's output, no parser. Stateless, thread-safe.
 */
public final class Json {
    private Json() {
    }

    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v, int depth) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            string(sb, s);
        } else if (v instanceof Double d) {
            sb.append(d.isNaN() || d.isInfinite() ? "null" : Double.toString(d));
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof Map<?, ?> m) {
            sb.append('{');
            Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                newline(sb, depth + 1);
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), depth + 1);
                if (it.hasNext()) {
                    sb.append(',');
                }
            }
            if (!m.isEmpty()) {
                newline(sb, depth);
            }
            sb.append('}');
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                newline(sb, depth + 1);
                write(sb, l.get(i), depth + 1);
                if (i < l.size() - 1) {
                    sb.append(',');
                }
            }
            if (!l.isEmpty()) {
                newline(sb, depth);
            }
            sb.append(']');
        } else {
            string(sb, v.toString());
        }
    }

    private static void newline(StringBuilder sb, int depth) {
        sb.append('\n').append("  ".repeat(depth));
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
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
        sb.append('"');
    }
}
