#!/bin/sh
# Stand-in for the Prisma schema engine, which cannot be downloaded offline; generate does not need it.
exit 1
