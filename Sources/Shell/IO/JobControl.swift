#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-Z where reactor reads keys itself (the live view's raw mode, the hidden prompt), so the
/// terminal sends no signal: the job is stopped as the terminal's key would stop it.
enum JobControl {
  /// Sends SIGTSTP to the process group at its default action, and returns once a shell's `fg`
  /// has continued it, or at once where no shell can: the kernel discards SIGTSTP for an
  /// orphaned process group (`sh -c 'reactor live'` in a tmux pane), where SIGSTOP left the
  /// process stopped for good.
  static func suspend() {
    // The job's other processes first, as the terminal's key would stop them (`reactor live |
    // xargs ...`), with the signal ignored here: a second SIGTSTP of ours could be taken after
    // the shell's SIGCONT, and stop the process again.
    let handler = SignalDisposition.set(SIGTSTP, to: SIG_IGN)
    kill(0, SIGTSTP)
    SignalDisposition.set(SIGTSTP, to: SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, SIGTSTP)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &only, &mask)
    // To this thread: it stops before `raise` returns, so it cannot run on into the caller's
    // raw mode while the other threads stop.
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    SignalDisposition.restore(SIGTSTP, handler)
  }
}
