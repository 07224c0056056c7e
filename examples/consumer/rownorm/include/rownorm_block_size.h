// The project's own host library (linked with LINK): the block size its launchers use per row
// length.
#pragma once

int rownorm_block_size(int C);
