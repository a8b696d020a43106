# Writes host/version.hpp with the current git commit.  Run at every build (not only at
# configure time) so records name the commit the binary was really built from;
# configure_file leaves the header untouched when nothing changed, so nothing recompiles.
# Inputs: SOURCE_DIR, INPUT (version.hpp.in), OUTPUT, PROJECT_VERSION.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE TOPOVERIFY_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rev_status ERROR_QUIET)
if(NOT rev_status EQUAL 0 OR NOT TOPOVERIFY_GIT_COMMIT)
  set(TOPOVERIFY_GIT_COMMIT "unknown")
else()
  # Tracked files changed since the commit: the binary is not exactly that commit.
  execute_process(COMMAND git status --porcelain --untracked-files=no
                  WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE changes ERROR_QUIET)
  if(changes)
    string(APPEND TOPOVERIFY_GIT_COMMIT "-dirty")
  endif()
endif()
configure_file(${INPUT} ${OUTPUT} @ONLY)
