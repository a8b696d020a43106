# Writes the COMMANDS section of the man page (a help2man --include file) from each
# subcommand's --help, so the page documents every command's options, not only the list
# of commands the top-level --help prints.
#   cmake -DBINARY=path/to/topoverify -DOUTPUT=commands.h2m -P man_commands.cmake
execute_process(COMMAND ${BINARY} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${BINARY} --help failed")
endif()
# The subcommands are the indented names under "Subcommands:".
string(REGEX REPLACE ".*\nSubcommands:\n" "" listing "${top}")
string(REGEX REPLACE "\n\n.*" "" listing "${listing}")
string(REGEX MATCHALL "(^|\n)  [a-z]+" names "${listing}")
set(text "[COMMANDS]\n")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  execute_process(COMMAND ${BINARY} ${name} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${BINARY} ${name} --help failed")
  endif()
  # The binary's path in "Usage:" is the build folder's; the page names the command.
  string(REGEX REPLACE "Usage: [^ ]*topoverify" "Usage: topoverify" help "${help}")
  # roff: a backslash is \e; a line starting with . or ' would be a request.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
  string(APPEND text ".SS \"topoverify ${name}\"\n.nf\n${help}.fi\n")
endforeach()
file(WRITE ${OUTPUT} "${text}")
