#!/usr/bin/env python3
"""Runs a command on a new pseudo-terminal, as its controlling terminal,
and plays the terminal: answers queries the command writes (a cursor
position report for ESC[6n, say) and types input when a prompt appears.
Prints one JSON object: {"status": exit status, "output": what the command
wrote, as text}. Used by the end-to-end tests of terminal behaviour.

  pty-run.py [--cols N] [--answer QUERY=REPLY]... [--type PROMPT=TEXT]... -- COMMAND ARGS...

QUERY, REPLY, PROMPT and TEXT take \\e, \\r, \\n and \\xNN escapes. The run
is bounded: it is killed after --timeout seconds (default 20)."""
import argparse, fcntl, json, os, pty, select, signal, struct, sys, termios, time


def unescape(text):
    return text.replace("\\e", "\\x1b").encode("utf-8").decode("unicode_escape").encode("latin-1")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--answer", action="append", default=[])
    parser.add_argument("--type", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command and args.command[0] == "--" else args.command
    answers = [tuple(unescape(part) for part in pair.split("=", 1)) for pair in args.answer]
    typing = [tuple(unescape(part) for part in pair.split("=", 1)) for pair in args.type]

    pid, master = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, os.environ)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, args.cols, 0, 0))
    output = b""
    answered = {query: 0 for query, _ in answers}
    typed = set()
    deadline = time.monotonic() + args.timeout
    status = None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            output += chunk
            for query, reply in answers:
                seen = output.count(query)
                while answered[query] < seen:
                    os.write(master, reply)
                    answered[query] += 1
            for index, (prompt, text) in enumerate(typing):
                if index not in typed and prompt in output:
                    os.write(master, text)
                    typed.add(index)
        if status is None:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
        if status is not None and not ready:
            break
    # The terminal closed: the command is ending; give it until the deadline.
    while status is None and time.monotonic() < deadline + 5:
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = code
        else:
            time.sleep(0.01)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        status = -1
    # Whatever is still buffered on the terminal.
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                break
            chunk = os.read(master, 65536)
            if not chunk:
                break
            output += chunk
    except OSError:
        pass
    exit_status = os.waitstatus_to_exitcode(status) if status not in (None, -1) else -1
    json.dump({"status": exit_status, "output": output.decode("utf-8", "replace")}, sys.stdout)


main()
