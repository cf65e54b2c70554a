#!/usr/bin/env bash
# A book rendered by a Slurm job array, for real: a one-node Slurm (Debian's
# slurm-wlm, with munge) started here in a folder of the test's own, runs
# packaging/cluster/book-array.sbatch as a three-task array into one folder,
# then the same script without an array joins the book. Each task makes its
# own share of the chapters, and what they made together equals one `book`
# run with the same seed, byte for byte: every chapter's audio and subtitles,
# and book.json's records of them.
#   slurm_array_test.sh CLI MODEL VOICE BOOK OUT SBATCH_SCRIPT
set -euo pipefail
cli=$1 model=$2 voice=$3 book=$4 out=$5 script=$6
fail() { echo "FAIL: $*" >&2; exit 1; }

for program in munged slurmctld slurmd sbatch sinfo scontrol; do
  command -v "$program" >/dev/null ||
    fail "$program is not installed (scripts/setup.sh installs slurm-wlm and munge with the app's packages)"
done


rm -rf "$out"
mkdir -p "$out/slurm/state" "$out/slurm/spool"
slurm="$(cd "$out/slurm" && pwd)"
out="$(cd "$out" && pwd)"

# munge with a key and socket of the test's own, so that no system daemon is needed or disturbed.
head -c 1024 /dev/urandom >"$slurm/munge.key"
chmod 600 "$slurm/munge.key"
# Every daemon stays in the foreground, a child of this script, so that ctest,
# which stops a test with its whole tree, stops them too.
daemons=()
munged --foreground --force --socket="$slurm/munge.sock" --key-file="$slurm/munge.key" \
  --pid-file="$slurm/munged.pid" --log-file="$slurm/munged.log" --seed-file="$slurm/munge.seed" \
  >"$slurm/munged.out" 2>&1 &
daemons+=($!)
stop() {
  scontrol shutdown >/dev/null 2>&1 || true
  sleep 1
  kill "${daemons[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq 100); do
  [[ -S "$slurm/munge.sock" ]] && break
  sleep 0.1
done

read -r controller_port node_port < <(python3 -c '
import socket
probes = [socket.socket() for _ in range(2)]
for probe in probes:
    probe.bind(("127.0.0.1", 0))
print(*(probe.getsockname()[1] for probe in probes))')
node=$(hostname -s)
cores=$(nproc)
# The daemons meet on the loopback by address: a fresh system (a chroot, a
# container) may not resolve its own name.
cat >"$slurm/slurm.conf" <<CONF
ClusterName=cosystudio-test
SlurmctldHost=$node(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
StateSaveLocation=$slurm/state
SlurmdSpoolDir=$slurm/spool
SlurmctldPidFile=$slurm/slurmctld.pid
SlurmdPidFile=$slurm/slurmd.pid
SlurmctldLogFile=$slurm/slurmctld.log
SlurmdLogFile=$slurm/slurmd.log
AuthType=auth/munge
AuthInfo=socket=$slurm/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cores State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
# Slurm 23.11 and later start their cgroup plugin whatever else is set, and
# fail where no cgroup file system is mounted (a chroot, many containers);
# the test needs none of it. 22.05 (Debian 12) knows no "disabled" and starts none.
read -r slurm_major slurm_minor < <(slurmd -V | sed -E 's/.* ([0-9]+)\.([0-9]+).*/\1 \2/')
if ((slurm_major * 100 + slurm_minor >= 2311)); then
  echo "CgroupPlugin=disabled" >"$slurm/cgroup.conf"
fi
export SLURM_CONF="$slurm/slurm.conf"
slurm_logs() { tail -n 5 "$slurm/slurmctld.log" "$slurm/slurmd.log"; }
slurmctld -D -i >"$slurm/slurmctld.out" 2>&1 &
daemons+=($!)
slurmd -D >"$slurm/slurmd.out" 2>&1 &
daemons+=($!)
for _ in $(seq 300); do
  [[ "$(sinfo -h -o %t 2>/dev/null)" == idle ]] && break
  sleep 0.1
done
[[ "$(sinfo -h -o %t)" == idle ]] || fail "the test Slurm did not start: $(slurm_logs)"

# One machine, one run. The same threads as each task: how many share a sum
# decides the last bits of a float, and the audio is compared bit for bit.
OMP_NUM_THREADS=1 "$cli" book "$book" --model "$model" --voice "$voice" --seed 4 --out "$out/single" >"$out/single.log"

# The array: no GPU here (--gres=none), a core a task; every task the same command.
# A job Slurm cannot run waits for ever: the test gives up and shows why.
timeout 240 sbatch --wait --array=0-2 --gres=none --cpus-per-task=1 --output="$out/task-%a.log" \
  --export=ALL,COSYSTUDIO_CLI="$cli",OMP_NUM_THREADS=1 \
  "$script" "$book" "$out/array" --model "$model" --voice "$voice" --seed 4 >"$out/sbatch.log" ||
  fail "the array failed: $(cat "$out"/task-*.log 2>/dev/null) $(slurm_logs)"
for task in 0 1 2; do
  made=$(grep -c "^chapter [0-9]*/3: wrote" "$out/task-$task.log" || true)
  grep -q "^chapter $((task + 1))/3: wrote" "$out/task-$task.log" && ((made == 1)) ||
    fail "task $task did not make chapter $((task + 1)) alone: $(cat "$out/task-$task.log")"
done
timeout 120 sbatch --wait --gres=none --cpus-per-task=1 --output="$out/join.log" --export=ALL,COSYSTUDIO_CLI="$cli" \
  "$script" "$book" "$out/array" --join >>"$out/sbatch.log" || fail "the join failed: $(cat "$out/join.log" 2>/dev/null) $(slurm_logs)"
grep -q "3 chapters joined into $out/array/book.opus" "$out/join.log" || fail "the join said: $(cat "$out/join.log")"

# The chapters' files, byte for byte; the records of them, field for field.
made_files() { (cd "$1" && ls -1 | grep -v -e '^book\.json$' -e '^book\.opus$'); }
[[ "$(made_files "$out/single")" == "$(made_files "$out/array")" ]] ||
  fail "the array made other files: $(made_files "$out/array") against $(made_files "$out/single")"
[[ -n "$(made_files "$out/single")" ]] || fail "the single run made nothing"
for file in $(made_files "$out/single"); do
  cmp "$out/single/$file" "$out/array/$file" || fail "$file differs between the array and the single run"
done
python3 - "$out/single/book.json" "$out/array/book.json" <<'PY' || fail "book.json differs (above)"
import json, sys
single, array = (json.load(open(path)) for path in sys.argv[1:])
if single["chapters"] != array["chapters"]:
    sys.exit(f"chapters: {single['chapters']} against {array['chapters']}")
if len(array["joined"]["chapter_starts"]) != 3:
    sys.exit(f"joined: {array['joined']}")
PY
echo "ok: a three-task Slurm array made the book as one run does, byte for byte, and joined it"
