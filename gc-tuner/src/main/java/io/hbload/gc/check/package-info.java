/**
 * Proves the options start on the target JVM: {@link io.hbload.gc.check.FlagChecker} runs {@code
 * java <options> -XX:+PrintFlagsFinal -version}, {@link io.hbload.gc.check.PrintFlagsFinal} parses
 * the table, and {@link io.hbload.gc.check.CheckReport} says, per flag, whether it took the
 * intended value.
 */
package io.hbload.gc.check;
