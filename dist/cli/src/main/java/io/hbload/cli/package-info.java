/**
 * The {@code hbload} command line (picocli): YCSB-style {@code load}/{@code run}, and the commands
 * of the other modules. Thin: parses into specs and calls the modules' APIs; maps errors to exit
 * codes.
 */
package io.hbload.cli;
