/**
 * The contract every subcommand plugs into: one exit-code policy ({@link
 * io.hbload.cli.contract.ExitCode}), one error handler that prints a single line ({@link
 * io.hbload.cli.contract.ErrorHandler}), one list of what counts as bad input ({@link
 * io.hbload.cli.contract.BadInput}), one Ctrl-C behaviour ({@link
 * io.hbload.cli.contract.InterruptHook}), and typed option converters (sizes, durations), so a
 * command's {@code call()} only assembles a spec and calls the module that owns the work.
 */
package io.hbload.cli.contract;
