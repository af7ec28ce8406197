/**
 * Proves the options start on the target JVM: {@link FlagChecker} runs {@code java <options>
 * -XX:+PrintFlagsFinal -version}, {@link PrintFlagsFinal} parses the table, and {@link CheckReport}
 * says, per flag, whether it took the intended value.
 */
package io.hbload.gc.check;
