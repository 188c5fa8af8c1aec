#!/usr/bin/env bash
# The GNU parallel shard recipe across two hosts made on this machine (README, "Large
# libraries"): two network namespaces, each with its own sshd; GNU parallel sends the inputs
# to each host with --transferfile, each host renders its shard in a working folder of its
# own (another absolute path), the shard outputs come back with --return, and merge-reports
# joins them. The merged report must equal a single-machine run's, and every link of the
# merged contact sheet must open a file.
#   bash Scripts/check_two_host_shards.sh [path/to/artfit]
# Needs root (network namespaces), iproute2, openssh-server and GNU parallel (.ci/run installs
# them).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ARTFIT="${1:-$ROOT/.build/release/artfit}"
ARTFIT="$(cd "$(dirname "$ARTFIT")" && pwd)/$(basename "$ARTFIT")"
WORK="$(mktemp -d /tmp/artfit-hosts-XXXXXX)"
HOSTS=(artfit-h1 artfit-h2)

cleanup() {
  for index in 0 1; do
    [ -f "$WORK/sshd-$index.pid" ] && kill "$(cat "$WORK/sshd-$index.pid")" 2>/dev/null || true
    ip netns del "${HOSTS[$index]}" 2>/dev/null || true
    ip link del "artfit-v$index" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

# Two hosts: a namespace each, joined to this one by a veth pair on its own /24.
ssh-keygen -q -t ed25519 -N "" -f "$WORK/client-key"
for index in 0 1; do
  host=${HOSTS[$index]}
  ip netns del "$host" 2>/dev/null || true
  ip link del "artfit-v$index" 2>/dev/null || true
  ip netns add "$host"
  ip link add "artfit-v$index" type veth peer name eth0 netns "$host"
  ip addr add "10.77.$((index + 1)).1/24" dev "artfit-v$index"
  ip link set "artfit-v$index" up
  ip netns exec "$host" ip addr add "10.77.$((index + 1)).2/24" dev eth0
  ip netns exec "$host" ip link set eth0 up
  ip netns exec "$host" ip link set lo up
  mkdir -p "$WORK/host-$index"
  ssh-keygen -q -t ed25519 -N "" -f "$WORK/host-$index/host-key"
  cp "$WORK/client-key.pub" "$WORK/host-$index/authorized_keys"
  cat > "$WORK/host-$index/sshd_config" <<CONFIG
ListenAddress 10.77.$((index + 1)).2
HostKey $WORK/host-$index/host-key
AuthorizedKeysFile $WORK/host-$index/authorized_keys
PidFile $WORK/sshd-$index.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
CONFIG
  mkdir -p /run/sshd
  ip netns exec "$host" /usr/sbin/sshd -f "$WORK/host-$index/sshd_config"
done

# The inputs: SampleArt's rasters (a few, so the run is short; the sheet's every link is
# checked).
mkdir -p "$WORK/here/Art"
cp "$ROOT/SampleArt/"*.png "$ROOT/SampleArt/"*.jpg "$ROOT/SampleArt/"*.webp "$WORK/here/Art/"
cd "$WORK/here"
tar cf Art.tar Art
SSH="ssh -i $WORK/client-key -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes"
TARGETS="--targets iphone-16-pro,ipad-pro-13-m4 --reports json,junit,html"

# The recipe (README): each shard on a host, in a working folder of its own, sent its inputs
# and returning its outputs. HOME is this run's, so parallel's state stays in it.
export HOME="$WORK/here"
seq 2 | parallel --ssh "$SSH" -S "1/root@10.77.1.2,1/root@10.77.2.2" --workdir ... --joblog "$WORK/joblog" \
  --transferfile Art.tar --return "shard-{}.tar" --cleanup \
  "tar xf Art.tar && '$ARTFIT' render Art --shard {}/2 --out shard-{} --quiet $TARGETS; \
   status=\$?; tar cf shard-{}.tar shard-{} && [ \$status -le 1 ]"
for shard in shard-*.tar; do tar xf "$shard"; done
"$ARTFIT" merge-reports shard-1 shard-2 --out artfit-out --quiet || [ $? -le 1 ]

# The same run on one machine, and the two compared.
"$ARTFIT" render Art --out whole --quiet $TARGETS || [ $? -le 1 ]
python3 - "$WORK/here" <<'CHECK'
import html.parser, json, os, sys, urllib.parse
here = sys.argv[1]
hosts = {line.split("\t")[1] for line in open(os.path.join(os.path.dirname(here), "joblog")).read().splitlines()[1:]}
if len(hosts) != 2:
    sys.exit("two hosts: the shards ran on %s, not on both hosts" % sorted(hosts))
merged = json.load(open(os.path.join(here, "artfit-out/report.json")))
whole = json.load(open(os.path.join(here, "whole/report.json")))
def results(report):
    """Every result but where its preview is (each shard's previews stay in its folder)."""
    return [(artwork["source"], json.dumps({k: v for k, v in result.items() if k != "preview"}, sort_keys=True))
            for artwork in report["artworks"] for result in artwork["results"]]
a, b = results(merged), results(whole)
if not a or a != b:
    sys.exit("two hosts: the merged results differ from a single machine's")
for key in ("errors", "summary", "skipped"):
    if merged.get(key) != whole.get(key):
        sys.exit("two hosts: %s differs from a single machine's" % key)
class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value and not value.startswith(("#", "data:")):
                self.links.append(value)
pages = ["artfit-out/index.html"] + ["artfit-out/pages/" + p for p in sorted(os.listdir(os.path.join(here, "artfit-out/pages")))] if os.path.isdir(os.path.join(here, "artfit-out/pages")) else ["artfit-out/index.html"]
checked = 0
for page in pages:
    parser = Links()
    parser.feed(open(os.path.join(here, page), encoding="utf-8").read())
    for link in parser.links:
        path = os.path.normpath(os.path.join(here, os.path.dirname(page), urllib.parse.unquote(link.split("#")[0])))
        if not os.path.isfile(path):
            sys.exit("two hosts: %s links to %s, which does not exist" % (page, link))
        checked += 1
if checked == 0:
    sys.exit("two hosts: the merged sheet has no links")
print("two hosts (%s): %d results merged from 2 shards equal one machine's; %d links of the merged sheet open files"
      % (", ".join(sorted(hosts)), len(a), checked))
CHECK
