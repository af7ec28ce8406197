package io.hbload.core.exec;

import io.hbload.core.measure.MeasuredBinding;

/**
 * Names the call a stuck worker is in, from its stack: the binding method the measuring decorator
 * called.
 */
final class StuckCall {
  private StuckCall() {}

  static String describe(StackTraceElement[] stack) {
    for (int i = 1; i < stack.length; i++) {
      if (stack[i].getClassName().equals(MeasuredBinding.class.getName())) {
        return frame(stack[i - 1]);
      }
    }
    // not inside an operation: opening or cleaning up the binding; the first frame outside the JDK
    // says where
    for (StackTraceElement e : stack) {
      String c = e.getClassName();
      if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
        return frame(e);
      }
    }
    return stack.length == 0 ? "an unknown call" : frame(stack[0]);
  }

  private static String frame(StackTraceElement e) {
    String c = e.getClassName();
    return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName();
  }
}
