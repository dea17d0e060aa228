#!/usr/bin/env bash
# `npm run setup:solvers`: the simulation codes the compute apps run, from Debian's packages (docs/compute.md):
# Quantum ESPRESSO (pw.x + pseudopotentials), LAMMPS (+ potentials), CalculiX, gmsh, OpenFOAM, and a
# Slurm client/daemons with munge for the Slurm executor and its tests. Skipped when every code is already here.
set -euo pipefail

PACKAGES=(quantum-espresso quantum-espresso-data lammps lammps-data calculix-ccx gmsh openfoam slurm-wlm munge)
COMMANDS=(pw.x lmp ccx gmsh icoFoam blockMesh sbatch slurmctld slurmd munged)

missing=()
for c in "${COMMANDS[@]}"; do
  command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || missing+=("$c")
done
[ -d /usr/share/espresso/pseudo ] || missing+=("pseudopotentials")
[ -d /usr/share/lammps/potentials ] || missing+=("potentials")
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
