// topoverify entry point.
#include "host/cli.hpp"

int main(int argc, char** argv) { return tv::host::cli_main(argc, argv); }
