#include "rownorm_block_size.h"

int rownorm_block_size(int C) {
  int block = 32;
  while (block < C && block < 256) block *= 2;  // a power of two: the tree halves it
  return block;
}
