package io.hbload.core.exec;

/**
 * Names the call a stuck worker is in, from its stack: the client method the worker's step called
 * (the loop calls the step, the step its client).
 */
final class StuckCall {
  private StuckCall() {}

  static String describe(StackTraceElement[] stack) {
    for (int i = 1; i < stack.length; i++) {
      if (stack[i].getClassName().equals(BlockingLoop.class.getName())
          && stack[i].getMethodName().equals("call")) {
        // above the loop's frame, the step's (its bridge method's too), then the client's call
        String step = stack[i - 1].getClassName();
        int j = i - 1;
        while (j > 0 && stack[j].getClassName().equals(step)) {
          j--;
        }
        return frame(stack[j]);
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
