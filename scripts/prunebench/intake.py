"""The prunebench binary as the owner of a driver's journal and document.

A driver that spreads a run's searches over other machines (scripts/dask_run.py)
does no file work of its own: `prunebench run --records-from -` on the driver's
machine locks OUT.journal, writes its plan header or resumes it, journals each
part the driver sends, and at the end writes OUT, exactly as `run` does, with
`run`'s messages (the protocol: harness/run/record_intake.h). This module only
starts it, talks to it, and lists the plan.
"""

import json
import signal
import subprocess

EXIT_BAD_INPUT, EXIT_IO_ERROR, EXIT_INTERRUPTED = 2, 3, 130


class Failure(Exception):
    """Ends the run with `code`; `message` is the one line to print, or "" when the binary printed it."""

    def __init__(self, code, message=""):
        super().__init__(message)
        self.code = code


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].removeprefix("error: ") if lines else ""


def plan_options(args):
    """The options that make the plan, as `run` takes them."""
    options = ["--depths", args.depths, "--modes", args.modes]
    for suite in args.suite:
        options += ["--suite", suite]
    return options


def list_plan(args):
    """`run --list-plan`: the journal signature, the context and the positions with their costs."""
    command = [args.prunebench, "run", *plan_options(args), "--list-plan"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        raise Failure(EXIT_BAD_INPUT, f"cannot run {args.prunebench}: {error.strerror}") from None
    if done.returncode != 0:
        raise Failure(done.returncode, last_line(done.stderr) or f"{args.prunebench} exited with {done.returncode}")
    return json.loads(done.stdout)


def die_with_parent():
    """In a child before exec: on Linux, SIGKILL it when the thread that started it ends."""
    import ctypes
    try:
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: no parent-death signal
        pass


def _quiet_owner():
    # A Ctrl-C at the terminal reaches the whole process group; the driver
    # alone decides what it means and says so with a stop line.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()


class Intake:
    """`prunebench run --records-from -` for the driver's plan, OUT and --resume.

    Its error lines and progress line go to the driver's stderr. Once it has
    started, every way out (end, stop, its own failure) is its exit code: a
    non-zero one raises Failure, with no message when it printed its own.
    """

    def __init__(self, args):
        self.binary = args.prunebench
        command = [args.prunebench, "run", *plan_options(args), "--out", args.out, "--records-from", "-"]
        if args.resume:
            command.append("--resume")
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                            encoding="utf-8", preexec_fn=_quiet_owner)
        except OSError as error:
            raise Failure(EXIT_BAD_INPUT, f"cannot run {args.prunebench}: {error.strerror}") from None
        try:
            line = self.process.stdout.readline()
        except KeyboardInterrupt:  # while it reads a long journal: it says so, as after any start
            self.stop(EXIT_INTERRUPTED, "interrupted")
        if not line:  # refused: the binary said why (a journal to resume, another run on OUT, ...)
            self._close()
        journalled = json.loads(line)["journalled"]
        self.records = {tuple(key) for key in journalled["records"]}
        self.positions = set(journalled["positions"])

    def send_part(self, document_text):
        """Journals a task's `run` output; the binary checks it against the plan."""
        # Newlines in JSON text stand only between tokens: the document fits on one line without them.
        self._send('{"part": ' + document_text.replace("\n", " ") + "}")

    def end(self, context):
        """Every part was sent: the binary writes OUT, with `context` added to its context."""
        self._send(json.dumps({"end": {"context": context}}))
        self._close()

    def stop(self, code, message):
        """The run stops with `code` and `message`; the binary adds what its journal keeps."""
        self._send(json.dumps({"stop": {"exit": code, "error": message}}))
        self._close()

    def _send(self, line):
        # A Ctrl-C waits until the line is whole: half a line would make the stop line after it garbage.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError):  # it ended (killed, or a problem it reported)
            self._close()
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def _close(self):
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        code = self.process.wait()
        self.process.stdout.close()
        if code < 0:
            raise Failure(EXIT_IO_ERROR, f"{self.binary} run --records-from was killed by signal {-code}")
        if code:
            raise Failure(code)
