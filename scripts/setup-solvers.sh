#!/usr/bin/env bash
# `npm run setup:solvers`: the simulation codes the compute apps run, from Debian's packages (docs/compute.md):
# Quantum ESPRESSO (pw.x + pseudopotentials), LAMMPS (+ potentials), CalculiX, gmsh, OpenFOAM, and a
# Slurm client/daemons with munge for the Slurm executor and its tests; and the document tools /DocumentView uses
# (docs/documents.md): poppler's pdfinfo and pdftoppm, LibreOffice headless without its GUI, and CJK fonts so
# Chinese documents are drawn with real glyphs; and bubblewrap with Debian's python3 + numpy/scipy/matplotlib
# for the app store's sandboxed apps (docs/app-store.md). Skipped when every one is already here.
set -euo pipefail

PACKAGES=(quantum-espresso quantum-espresso-data lammps lammps-data calculix-ccx gmsh openfoam slurm-wlm munge
  poppler-utils libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui fonts-noto-cjk
  bubblewrap python3-numpy python3-scipy python3-matplotlib)
COMMANDS=(pw.x lmp ccx gmsh icoFoam blockMesh sbatch slurmctld slurmd munged pdfinfo pdftoppm soffice bwrap python3)

missing=()
for c in "${COMMANDS[@]}"; do
  command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || missing+=("$c")
done
[ -d /usr/share/espresso/pseudo ] || missing+=("pseudopotentials")
[ -d /usr/share/lammps/potentials ] || missing+=("potentials")
# LibreOffice's three document kinds (the soffice command comes with any one of them).
for lib in sw sc sd; do
  [ -f "/usr/lib/libreoffice/program/lib${lib}lo.so" ] || missing+=("libreoffice ($lib)")
done
fc-list 2>/dev/null | grep -qi "noto sans cjk" || missing+=("CJK fonts")
# Sandboxed apps run Debian's own python3 (not whatever python3 is first on PATH) with these three modules.
/usr/bin/python3 -c 'import numpy, scipy, matplotlib' >/dev/null 2>&1 || missing+=("python3 numpy/scipy/matplotlib")
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup:solvers: installing ${PACKAGES[*]} (missing: ${missing[*]})"
if [ "$(id -u)" != "0" ]; then
  echo "Installing the simulation codes needs root: apt-get install ${PACKAGES[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The daemons are started by the platform's tests (and by a cluster's own init), never by the package scripts.
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
