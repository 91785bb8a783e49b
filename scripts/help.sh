# Sourced by every shell script before it does any work:
#   source "$(dirname "$0")/help.sh"   (from scripts/; ../scripts/help.sh elsewhere)
# -h or --help anywhere among the script's arguments prints its header comment,
# which holds its usage, and exits 0 without doing anything else.
for argument in "$@"; do
  case "$argument" in
    -h | --help)
      awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
      exit 0
      ;;
  esac
done
unset argument
