#!/bin/sh
# Verifies a document the bank signed (an instruction's 证据包, a 询证函) with OpenSSL 3 alone:
# the bank's signing certificate against the bank's root, the bank's SM2 signature of
# manifest.json, the SM3 of SM3SUMS named in the manifest, the SM3 of every file SM3SUMS lists,
# and each signed step's SM2 signature (and certificate) under steps/. docs/evidence.md explains.
#
#   scripts/verify-evidence.sh [--root bank-root.pem] <pack.zip | unpacked directory>
#
# --root: the bank's root certificate as published by the bank; the pack's own bank/ca.pem must be
# the same bytes. Without it the pack is checked against the root it carries.
# Prints one line per failed part ("FAIL <part>: <why>") and exits 1 if anything failed, else
# prints "OK" and exits 0. Needs openssl (3.0 or later) and, for a zip, unzip.
set -u
ID=distid:1234567812345678

root=
if [ "${1:-}" = "--root" ]; then root=$2; shift 2; fi
[ $# -eq 1 ] || { echo "usage: $0 [--root bank-root.pem] <pack.zip | directory>" >&2; exit 2; }
command -v openssl >/dev/null 2>&1 || { echo "openssl is needed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$1" ]; then
  pack=$1
else
  command -v unzip >/dev/null 2>&1 || { echo "unzip is needed for a zip (or pass the unpacked directory)" >&2; exit 2; }
  mkdir "$work/pack"
  unzip -q "$1" -d "$work/pack" || { echo "FAIL $1: not a readable zip"; exit 1; }
  pack=$work/pack
fi
cd "$pack" || exit 2

failed=0
fail() { echo "FAIL $1: $2"; failed=1; }
sm3() { openssl dgst -sm3 -r "$1" 2>/dev/null | cut -d' ' -f1; }

# 1. The bank's certificate chain, judged at the time the bank signed (the manifest's signedAt,
#    which its signature covers): a pack stays verifiable after the signing certificate expires.
signed_at=$(grep -o '"signedAt": *"[^"]*"' manifest.json 2>/dev/null | head -n 1 | sed 's/.*"\([^"]*\)"$/\1/')
epoch=$(date -u -d "$signed_at" +%s 2>/dev/null || date -u -j -f '%Y-%m-%dT%H:%M:%S' "${signed_at%.*}" +%s 2>/dev/null)
if [ -n "$epoch" ]; then at="-attime $epoch"; else at="-no_check_time"; fi
trust=bank/ca.pem
if [ -n "$root" ]; then
  cmp -s "$root" bank/ca.pem || fail bank/ca.pem "not the bank root given with --root"
  trust=$root
fi
# shellcheck disable=SC2086 # $at is two words or one on purpose
openssl verify $at -vfyopt "$ID" -CAfile "$trust" bank/signer.pem >/dev/null 2>&1 || fail bank/signer.pem "the bank signing certificate does not chain to the bank root (bank/ca.pem)"

# 2. The bank's signature of the manifest.
if openssl x509 -in bank/signer.pem -pubkey -noout >"$work/bank.pub" 2>/dev/null; then
  openssl dgst -sm3 -verify "$work/bank.pub" -sigopt "$ID" -signature manifest.sig manifest.json >/dev/null 2>&1 ||
    fail manifest.json "the bank signature (manifest.sig) does not match manifest.json"
else
  fail bank/signer.pem "unreadable certificate"
fi

# 3. SM3SUMS is the one the manifest names, and every file it lists has its SM3.
expected=$(grep -o '"sm3sums": *"[0-9a-f]*"' manifest.json 2>/dev/null | grep -o '[0-9a-f]\{64\}')
[ -n "$expected" ] && [ "$(sm3 SM3SUMS)" = "$expected" ] || fail SM3SUMS "its SM3 differs from the manifest's sm3sums"
listed=$work/listed
: >"$listed"
while read -r hash name; do
  case $name in /* | *..*) fail "$name" "unsafe path in SM3SUMS"; continue ;; esac
  echo "$name" >>"$listed"
  if [ ! -f "$name" ]; then fail "$name" "missing"; continue; fi
  [ "$(sm3 "$name")" = "$hash" ] || fail "$name" "SM3 differs from SM3SUMS"
done <SM3SUMS
find . -type f | sed 's|^\./||' | while read -r name; do
  case $name in manifest.json | manifest.sig | SM3SUMS) continue ;; esac
  grep -qxF "$name" "$listed" || echo "FAIL $name: not listed in SM3SUMS"
done >"$work/unlisted"
[ -s "$work/unlisted" ] && { cat "$work/unlisted"; failed=1; }

# 4. Each signed step: its signer's key (certified by the bank root when there is a certificate)
#    signed its signing data.
for dir in steps/*/; do
  [ -d "$dir" ] || continue
  dir=${dir%/}
  key=$dir/public-key.pem
  if [ ! -f "$key" ]; then fail "$dir" "no public key of the signer"; continue; fi
  if [ -f "$dir/certificate.pem" ]; then
    # Its validity was checked when its holder logged in to sign; here: issued by the bank's root.
    openssl verify -no_check_time -vfyopt "$ID" -CAfile "$trust" "$dir/certificate.pem" >/dev/null 2>&1 ||
      fail "$dir/certificate.pem" "does not chain to the bank root"
    openssl x509 -in "$dir/certificate.pem" -pubkey -noout 2>/dev/null | openssl pkey -pubin -outform DER >"$work/cert.key" 2>/dev/null
    openssl pkey -pubin -in "$key" -outform DER >"$work/step.key" 2>/dev/null
    cmp -s "$work/cert.key" "$work/step.key" || fail "$dir/certificate.pem" "certifies another key than public-key.pem"
  fi
  openssl dgst -sm3 -verify "$key" -sigopt "$ID" -signature "$dir/signature.der" "$dir/signing-data.txt" >/dev/null 2>&1 ||
    fail "$dir/signature.der" "the step signature does not match $dir/signing-data.txt and $key"
done

if [ "$failed" -ne 0 ]; then exit 1; fi
echo OK
