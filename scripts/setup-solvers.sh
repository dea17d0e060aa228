#!/usr/bin/env bash
# `npm run setup:solvers`: the simulation codes the compute apps run, from Debian's packages (docs/compute.md):
# Quantum ESPRESSO (pw.x + pseudopotentials), LAMMPS (+ potentials), CalculiX, gmsh, OpenFOAM, and a
# Slurm client/daemons with munge for the Slurm executor and its tests; and the document tools /DocumentView uses
# (docs/documents.md): poppler's pdfinfo and pdftoppm, LibreOffice headless without its GUI, and CJK fonts so
# Chinese documents are drawn with real glyphs. Skipped when every one is already here.
set -euo pipefail

PACKAGES=(quantum-espresso quantum-espresso-data lammps lammps-data calculix-ccx gmsh openfoam slurm-wlm munge
  poppler-utils libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui fonts-noto-cjk)
COMMANDS=(pw.x lmp ccx gmsh icoFoam blockMesh sbatch slurmctld slurmd munged pdfinfo pdftoppm soffice)

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
