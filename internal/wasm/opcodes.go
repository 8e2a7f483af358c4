// The opcode table of the Wasm 2.0 core and fixed-width SIMD specifications, one entry a line.

package wasm

// The opcodes sandjit emits. Names follow the Wasm text format.
const (
	opInvalid                   Opcode = iota
	OpUnreachable                      // unreachable: trap
	OpNop                              // nop: do nothing
	OpBlock                            // block: begin a block; br to it jumps past its end
	OpLoop                             // loop: begin a loop; br to it jumps to its start
	OpIf                               // if: pop an i32; run the then-arm if nonzero
	OpElse                             // else: start the else-arm of an if
	OpEnd                              // end: end a block, loop, if or function
	OpBr                               // br: branch to the label at the given depth
	OpBrIf                             // br_if: pop an i32; branch if nonzero
	OpBrTable                          // br_table: pop an i32; branch to labels[i] or the default
	OpReturn                           // return: return from the function
	OpCall                             // call: call a function by index
	OpDrop                             // drop: discard the top of the stack
	OpSelect                           // select: c ? a : b for numeric a, b
	OpLocalGet                         // local.get: push a local
	OpLocalSet                         // local.set: pop into a local
	OpLocalTee                         // local.tee: store into a local, keep the value
	OpGlobalGet                        // global.get: push a global
	OpGlobalSet                        // global.set: pop into a global
	OpI32Load                          // i32.load: load 4 bytes
	OpI64Load                          // i64.load: load 8 bytes
	OpF32Load                          // f32.load: load an f32
	OpF64Load                          // f64.load: load an f64
	OpI32Load8S                        // i32.load8_s: load a byte, sign-extend
	OpI32Load8U                        // i32.load8_u: load a byte, zero-extend
	OpI32Load16S                       // i32.load16_s: load 2 bytes, sign-extend
	OpI32Load16U                       // i32.load16_u: load 2 bytes, zero-extend
	OpI64Load8S                        // i64.load8_s: load a byte into i64, sign-extend
	OpI64Load8U                        // i64.load8_u: load a byte into i64, zero-extend
	OpI64Load16S                       // i64.load16_s: load 2 bytes into i64, sign-extend
	OpI64Load16U                       // i64.load16_u: load 2 bytes into i64, zero-extend
	OpI64Load32S                       // i64.load32_s: load 4 bytes into i64, sign-extend
	OpI64Load32U                       // i64.load32_u: load 4 bytes into i64, zero-extend
	OpI32Store                         // i32.store: store 4 bytes
	OpI64Store                         // i64.store: store 8 bytes
	OpF32Store                         // f32.store: store an f32
	OpF64Store                         // f64.store: store an f64
	OpI32Store8                        // i32.store8: store the low byte
	OpI32Store16                       // i32.store16: store the low 2 bytes
	OpI64Store8                        // i64.store8: store the low byte of an i64
	OpI64Store16                       // i64.store16: store the low 2 bytes of an i64
	OpI64Store32                       // i64.store32: store the low 4 bytes of an i64
	OpMemorySize                       // memory.size: memory size in pages
	OpMemoryGrow                       // memory.grow: grow memory by n pages; old size or -1
	OpI32Const                         // i32.const: push an i32 constant
	OpI64Const                         // i64.const: push an i64 constant
	OpF32Const                         // f32.const: push an f32 constant
	OpF64Const                         // f64.const: push an f64 constant
	OpI32Eqz                           // i32.eqz: a == 0
	OpI32Eq                            // i32.eq: a == b
	OpI32Ne                            // i32.ne: a != b
	OpI32LtS                           // i32.lt_s: a < b signed
	OpI32LtU                           // i32.lt_u: a < b unsigned
	OpI32GtS                           // i32.gt_s: a > b signed
	OpI32GtU                           // i32.gt_u: a > b unsigned
	OpI32LeS                           // i32.le_s: a <= b signed
	OpI32LeU                           // i32.le_u: a <= b unsigned
	OpI32GeS                           // i32.ge_s: a >= b signed
	OpI32GeU                           // i32.ge_u: a >= b unsigned
	OpI64Eqz                           // i64.eqz: a == 0
	OpI64Eq                            // i64.eq: a == b
	OpI64Ne                            // i64.ne: a != b
	OpI64LtS                           // i64.lt_s: a < b signed
	OpI64LtU                           // i64.lt_u: a < b unsigned
	OpI64GtS                           // i64.gt_s: a > b signed
	OpI64GtU                           // i64.gt_u: a > b unsigned
	OpI64LeS                           // i64.le_s: a <= b signed
	OpI64LeU                           // i64.le_u: a <= b unsigned
	OpI64GeS                           // i64.ge_s: a >= b signed
	OpI64GeU                           // i64.ge_u: a >= b unsigned
	OpF32Eq                            // f32.eq: a == b (false for NaN)
	OpF32Ne                            // f32.ne: a != b (true for NaN)
	OpF32Lt                            // f32.lt: a < b
	OpF32Gt                            // f32.gt: a > b
	OpF32Le                            // f32.le: a <= b
	OpF32Ge                            // f32.ge: a >= b
	OpF64Eq                            // f64.eq: a == b (false for NaN)
	OpF64Ne                            // f64.ne: a != b (true for NaN)
	OpF64Lt                            // f64.lt: a < b
	OpF64Gt                            // f64.gt: a > b
	OpF64Le                            // f64.le: a <= b
	OpF64Ge                            // f64.ge: a >= b
	OpI32Clz                           // i32.clz: count leading zeros
	OpI32Ctz                           // i32.ctz: count trailing zeros
	OpI32Popcnt                        // i32.popcnt: count one bits
	OpI32Add                           // i32.add: a + b
	OpI32Sub                           // i32.sub: a - b
	OpI32Mul                           // i32.mul: a * b
	OpI32DivS                          // i32.div_s: a / b signed (traps on 0 and MIN/-1)
	OpI32DivU                          // i32.div_u: a / b unsigned (traps on 0)
	OpI32RemS                          // i32.rem_s: a % b signed (traps on 0)
	OpI32RemU                          // i32.rem_u: a % b unsigned (traps on 0)
	OpI32And                           // i32.and: a & b
	OpI32Or                            // i32.or: a | b
	OpI32Xor                           // i32.xor: a ^ b
	OpI32Shl                           // i32.shl: a << (b % 32)
	OpI32ShrS                          // i32.shr_s: a >> (b % 32) arithmetic
	OpI32ShrU                          // i32.shr_u: a >> (b % 32) logical
	OpI32Rotl                          // i32.rotl: rotate left
	OpI32Rotr                          // i32.rotr: rotate right
	OpI64Clz                           // i64.clz: count leading zeros
	OpI64Ctz                           // i64.ctz: count trailing zeros
	OpI64Popcnt                        // i64.popcnt: count one bits
	OpI64Add                           // i64.add: a + b
	OpI64Sub                           // i64.sub: a - b
	OpI64Mul                           // i64.mul: a * b
	OpI64DivS                          // i64.div_s: a / b signed (traps on 0 and MIN/-1)
	OpI64DivU                          // i64.div_u: a / b unsigned (traps on 0)
	OpI64RemS                          // i64.rem_s: a % b signed (traps on 0)
	OpI64RemU                          // i64.rem_u: a % b unsigned (traps on 0)
	OpI64And                           // i64.and: a & b
	OpI64Or                            // i64.or: a | b
	OpI64Xor                           // i64.xor: a ^ b
	OpI64Shl                           // i64.shl: a << (b % 64)
	OpI64ShrS                          // i64.shr_s: a >> (b % 64) arithmetic
	OpI64ShrU                          // i64.shr_u: a >> (b % 64) logical
	OpI64Rotl                          // i64.rotl: rotate left
	OpI64Rotr                          // i64.rotr: rotate right
	OpF32Abs                           // f32.abs: |a|
	OpF32Neg                           // f32.neg: -a
	OpF32Ceil                          // f32.ceil: round up
	OpF32Floor                         // f32.floor: round down
	OpF32Trunc                         // f32.trunc: round toward zero
	OpF32Nearest                       // f32.nearest: round half to even
	OpF32Sqrt                          // f32.sqrt: square root
	OpF32Add                           // f32.add: a + b
	OpF32Sub                           // f32.sub: a - b
	OpF32Mul                           // f32.mul: a * b
	OpF32Div                           // f32.div: a / b
	OpF32Min                           // f32.min: min, NaN-propagating
	OpF32Max                           // f32.max: max, NaN-propagating
	OpF32Copysign                      // f32.copysign: |a| with the sign of b
	OpF64Abs                           // f64.abs: |a|
	OpF64Neg                           // f64.neg: -a
	OpF64Ceil                          // f64.ceil: round up
	OpF64Floor                         // f64.floor: round down
	OpF64Trunc                         // f64.trunc: round toward zero
	OpF64Nearest                       // f64.nearest: round half to even
	OpF64Sqrt                          // f64.sqrt: square root
	OpF64Add                           // f64.add: a + b
	OpF64Sub                           // f64.sub: a - b
	OpF64Mul                           // f64.mul: a * b
	OpF64Div                           // f64.div: a / b
	OpF64Min                           // f64.min: min, NaN-propagating
	OpF64Max                           // f64.max: max, NaN-propagating
	OpF64Copysign                      // f64.copysign: |a| with the sign of b
	OpI32WrapI64                       // i32.wrap_i64: low 32 bits of an i64
	OpI32TruncF32S                     // i32.trunc_f32_s: f32 to i32 (traps out of range)
	OpI32TruncF32U                     // i32.trunc_f32_u: f32 to u32 (traps out of range)
	OpI32TruncF64S                     // i32.trunc_f64_s: f64 to i32 (traps out of range)
	OpI32TruncF64U                     // i32.trunc_f64_u: f64 to u32 (traps out of range)
	OpI64ExtendI32S                    // i64.extend_i32_s: sign-extend i32 to i64
	OpI64ExtendI32U                    // i64.extend_i32_u: zero-extend i32 to i64
	OpI64TruncF32S                     // i64.trunc_f32_s: f32 to i64 (traps out of range)
	OpI64TruncF32U                     // i64.trunc_f32_u: f32 to u64 (traps out of range)
	OpI64TruncF64S                     // i64.trunc_f64_s: f64 to i64 (traps out of range)
	OpI64TruncF64U                     // i64.trunc_f64_u: f64 to u64 (traps out of range)
	OpF32ConvertI32S                   // f32.convert_i32_s: i32 to f32
	OpF32ConvertI32U                   // f32.convert_i32_u: u32 to f32
	OpF32ConvertI64S                   // f32.convert_i64_s: i64 to f32
	OpF32ConvertI64U                   // f32.convert_i64_u: u64 to f32
	OpF32DemoteF64                     // f32.demote_f64: f64 to f32, nearest
	OpF64ConvertI32S                   // f64.convert_i32_s: i32 to f64
	OpF64ConvertI32U                   // f64.convert_i32_u: u32 to f64
	OpF64ConvertI64S                   // f64.convert_i64_s: i64 to f64
	OpF64ConvertI64U                   // f64.convert_i64_u: u64 to f64
	OpF64PromoteF32                    // f64.promote_f32: f32 to f64, exact
	OpI32ReinterpretF32                // i32.reinterpret_f32: bits of an f32
	OpI64ReinterpretF64                // i64.reinterpret_f64: bits of an f64
	OpF32ReinterpretI32                // f32.reinterpret_i32: f32 with these bits
	OpF64ReinterpretI64                // f64.reinterpret_i64: f64 with these bits
	OpI32Extend8S                      // i32.extend8_s: sign-extend the low byte
	OpI32Extend16S                     // i32.extend16_s: sign-extend the low 2 bytes
	OpI64Extend8S                      // i64.extend8_s: sign-extend the low byte
	OpI64Extend16S                     // i64.extend16_s: sign-extend the low 2 bytes
	OpI64Extend32S                     // i64.extend32_s: sign-extend the low 4 bytes
	OpI32TruncSatF32S                  // i32.trunc_sat_f32_s: f32 to i32, saturating, NaN to 0
	OpI32TruncSatF32U                  // i32.trunc_sat_f32_u: f32 to u32, saturating, NaN to 0
	OpI32TruncSatF64S                  // i32.trunc_sat_f64_s: f64 to i32, saturating, NaN to 0
	OpI32TruncSatF64U                  // i32.trunc_sat_f64_u: f64 to u32, saturating, NaN to 0
	OpI64TruncSatF32S                  // i64.trunc_sat_f32_s: f32 to i64, saturating, NaN to 0
	OpI64TruncSatF32U                  // i64.trunc_sat_f32_u: f32 to u64, saturating, NaN to 0
	OpI64TruncSatF64S                  // i64.trunc_sat_f64_s: f64 to i64, saturating, NaN to 0
	OpI64TruncSatF64U                  // i64.trunc_sat_f64_u: f64 to u64, saturating, NaN to 0
	OpMemoryCopy                       // memory.copy: copy n bytes from src to dst
	OpMemoryFill                       // memory.fill: set n bytes to a value
	OpV128Load                         // v128.load: load 16 bytes
	OpV128Load8x8S                     // v128.load8x8_s: load 8 bytes, sign-extend to i16x8
	OpV128Load8x8U                     // v128.load8x8_u: load 8 bytes, zero-extend to i16x8
	OpV128Load16x4S                    // v128.load16x4_s: load 4 i16, sign-extend to i32x4
	OpV128Load16x4U                    // v128.load16x4_u: load 4 i16, zero-extend to i32x4
	OpV128Load32x2S                    // v128.load32x2_s: load 2 i32, sign-extend to i64x2
	OpV128Load32x2U                    // v128.load32x2_u: load 2 i32, zero-extend to i64x2
	OpV128Load8Splat                   // v128.load8_splat: load a byte into every lane
	OpV128Load16Splat                  // v128.load16_splat: load 2 bytes into every lane
	OpV128Load32Splat                  // v128.load32_splat: load 4 bytes into every lane
	OpV128Load64Splat                  // v128.load64_splat: load 8 bytes into every lane
	OpV128Store                        // v128.store: store 16 bytes
	OpV128Const                        // v128.const: push a v128 constant
	OpI8x16Shuffle                     // i8x16.shuffle: pick 16 bytes of a:b by index
	OpI8x16Swizzle                     // i8x16.swizzle: pick bytes of a by the indices in b
	OpI8x16Splat                       // i8x16.splat: i32 into 16 byte lanes
	OpI16x8Splat                       // i16x8.splat: i32 into 8 i16 lanes
	OpI32x4Splat                       // i32x4.splat: i32 into 4 lanes
	OpI64x2Splat                       // i64x2.splat: i64 into 2 lanes
	OpF32x4Splat                       // f32x4.splat: f32 into 4 lanes
	OpF64x2Splat                       // f64x2.splat: f64 into 2 lanes
	OpI8x16ExtractLaneS                // i8x16.extract_lane_s: lane as i32, sign-extended
	OpI8x16ExtractLaneU                // i8x16.extract_lane_u: lane as i32, zero-extended
	OpI8x16ReplaceLane                 // i8x16.replace_lane: replace a lane
	OpI16x8ExtractLaneS                // i16x8.extract_lane_s: lane as i32, sign-extended
	OpI16x8ExtractLaneU                // i16x8.extract_lane_u: lane as i32, zero-extended
	OpI16x8ReplaceLane                 // i16x8.replace_lane: replace a lane
	OpI32x4ExtractLane                 // i32x4.extract_lane: lane as i32
	OpI32x4ReplaceLane                 // i32x4.replace_lane: replace a lane
	OpI64x2ExtractLane                 // i64x2.extract_lane: lane as i64
	OpI64x2ReplaceLane                 // i64x2.replace_lane: replace a lane
	OpF32x4ExtractLane                 // f32x4.extract_lane: lane as f32
	OpF32x4ReplaceLane                 // f32x4.replace_lane: replace a lane
	OpF64x2ExtractLane                 // f64x2.extract_lane: lane as f64
	OpF64x2ReplaceLane                 // f64x2.replace_lane: replace a lane
	OpI8x16Eq                          // i8x16.eq: lanewise ==
	OpI8x16Ne                          // i8x16.ne: lanewise !=
	OpI8x16LtS                         // i8x16.lt_s: lanewise < signed
	OpI8x16LtU                         // i8x16.lt_u: lanewise < unsigned
	OpI8x16GtS                         // i8x16.gt_s: lanewise > signed
	OpI8x16GtU                         // i8x16.gt_u: lanewise > unsigned
	OpI8x16LeS                         // i8x16.le_s: lanewise <= signed
	OpI8x16LeU                         // i8x16.le_u: lanewise <= unsigned
	OpI8x16GeS                         // i8x16.ge_s: lanewise >= signed
	OpI8x16GeU                         // i8x16.ge_u: lanewise >= unsigned
	OpI16x8Eq                          // i16x8.eq: lanewise ==
	OpI16x8Ne                          // i16x8.ne: lanewise !=
	OpI16x8LtS                         // i16x8.lt_s: lanewise < signed
	OpI16x8LtU                         // i16x8.lt_u: lanewise < unsigned
	OpI16x8GtS                         // i16x8.gt_s: lanewise > signed
	OpI16x8GtU                         // i16x8.gt_u: lanewise > unsigned
	OpI16x8LeS                         // i16x8.le_s: lanewise <= signed
	OpI16x8LeU                         // i16x8.le_u: lanewise <= unsigned
	OpI16x8GeS                         // i16x8.ge_s: lanewise >= signed
	OpI16x8GeU                         // i16x8.ge_u: lanewise >= unsigned
	OpI32x4Eq                          // i32x4.eq: lanewise ==
	OpI32x4Ne                          // i32x4.ne: lanewise !=
	OpI32x4LtS                         // i32x4.lt_s: lanewise < signed
	OpI32x4LtU                         // i32x4.lt_u: lanewise < unsigned
	OpI32x4GtS                         // i32x4.gt_s: lanewise > signed
	OpI32x4GtU                         // i32x4.gt_u: lanewise > unsigned
	OpI32x4LeS                         // i32x4.le_s: lanewise <= signed
	OpI32x4LeU                         // i32x4.le_u: lanewise <= unsigned
	OpI32x4GeS                         // i32x4.ge_s: lanewise >= signed
	OpI32x4GeU                         // i32x4.ge_u: lanewise >= unsigned
	OpF32x4Eq                          // f32x4.eq: lanewise ==
	OpF32x4Ne                          // f32x4.ne: lanewise !=
	OpF32x4Lt                          // f32x4.lt: lanewise <
	OpF32x4Gt                          // f32x4.gt: lanewise >
	OpF32x4Le                          // f32x4.le: lanewise <=
	OpF32x4Ge                          // f32x4.ge: lanewise >=
	OpF64x2Eq                          // f64x2.eq: lanewise ==
	OpF64x2Ne                          // f64x2.ne: lanewise !=
	OpF64x2Lt                          // f64x2.lt: lanewise <
	OpF64x2Gt                          // f64x2.gt: lanewise >
	OpF64x2Le                          // f64x2.le: lanewise <=
	OpF64x2Ge                          // f64x2.ge: lanewise >=
	OpV128Not                          // v128.not: ^a
	OpV128And                          // v128.and: a & b
	OpV128Andnot                       // v128.andnot: a &^ b
	OpV128Or                           // v128.or: a | b
	OpV128Xor                          // v128.xor: a ^ b
	OpV128Bitselect                    // v128.bitselect: (a & c) | (b &^ c)
	OpV128AnyTrue                      // v128.any_true: any bit set
	OpV128Load8Lane                    // v128.load8_lane: load a byte into one lane
	OpV128Load16Lane                   // v128.load16_lane: load 2 bytes into one lane
	OpV128Load32Lane                   // v128.load32_lane: load 4 bytes into one lane
	OpV128Load64Lane                   // v128.load64_lane: load 8 bytes into one lane
	OpV128Store8Lane                   // v128.store8_lane: store one byte lane
	OpV128Store16Lane                  // v128.store16_lane: store one 2-byte lane
	OpV128Store32Lane                  // v128.store32_lane: store one 4-byte lane
	OpV128Store64Lane                  // v128.store64_lane: store one 8-byte lane
	OpV128Load32Zero                   // v128.load32_zero: load 4 bytes into lane 0, zero the rest
	OpV128Load64Zero                   // v128.load64_zero: load 8 bytes into lane 0, zero the rest
	OpF32x4DemoteF64x2Zero             // f32x4.demote_f64x2_zero: two f64 to f32 in lanes 0-1
	OpF64x2PromoteLowF32x4             // f64x2.promote_low_f32x4: f32 lanes 0-1 to f64
	OpI8x16Abs                         // i8x16.abs: lanewise |a|
	OpI8x16Neg                         // i8x16.neg: lanewise -a
	OpI8x16Popcnt                      // i8x16.popcnt: lanewise popcount
	OpI8x16AllTrue                     // i8x16.all_true: every lane nonzero
	OpI8x16Bitmask                     // i8x16.bitmask: top bit of each lane
	OpI8x16NarrowI16x8S                // i8x16.narrow_i16x8_s: saturate 16 i16 to i8
	OpI8x16NarrowI16x8U                // i8x16.narrow_i16x8_u: saturate 16 i16 to u8
	OpF32x4Ceil                        // f32x4.ceil: lanewise round up
	OpF32x4Floor                       // f32x4.floor: lanewise round down
	OpF32x4Trunc                       // f32x4.trunc: lanewise round toward zero
	OpF32x4Nearest                     // f32x4.nearest: lanewise round half to even
	OpI8x16Shl                         // i8x16.shl: lanewise shift left
	OpI8x16ShrS                        // i8x16.shr_s: lanewise arithmetic shift right
	OpI8x16ShrU                        // i8x16.shr_u: lanewise logical shift right
	OpI8x16Add                         // i8x16.add: lanewise a + b
	OpI8x16AddSatS                     // i8x16.add_sat_s: lanewise saturating a + b signed
	OpI8x16AddSatU                     // i8x16.add_sat_u: lanewise saturating a + b unsigned
	OpI8x16Sub                         // i8x16.sub: lanewise a - b
	OpI8x16SubSatS                     // i8x16.sub_sat_s: lanewise saturating a - b signed
	OpI8x16SubSatU                     // i8x16.sub_sat_u: lanewise saturating a - b unsigned
	OpF64x2Ceil                        // f64x2.ceil: lanewise round up
	OpF64x2Floor                       // f64x2.floor: lanewise round down
	OpI8x16MinS                        // i8x16.min_s: lanewise min signed
	OpI8x16MinU                        // i8x16.min_u: lanewise min unsigned
	OpI8x16MaxS                        // i8x16.max_s: lanewise max signed
	OpI8x16MaxU                        // i8x16.max_u: lanewise max unsigned
	OpF64x2Trunc                       // f64x2.trunc: lanewise round toward zero
	OpI8x16AvgrU                       // i8x16.avgr_u: lanewise rounding average
	OpI16x8ExtaddPairwiseI8x16S        // i16x8.extadd_pairwise_i8x16_s: add adjacent i8 pairs into i16
	OpI16x8ExtaddPairwiseI8x16U        // i16x8.extadd_pairwise_i8x16_u: add adjacent u8 pairs into i16
	OpI32x4ExtaddPairwiseI16x8S        // i32x4.extadd_pairwise_i16x8_s: add adjacent i16 pairs into i32
	OpI32x4ExtaddPairwiseI16x8U        // i32x4.extadd_pairwise_i16x8_u: add adjacent u16 pairs into i32
	OpI16x8Abs                         // i16x8.abs: lanewise |a|
	OpI16x8Neg                         // i16x8.neg: lanewise -a
	OpI16x8Q15mulrSatS                 // i16x8.q15mulr_sat_s: Q15 multiply
	OpI16x8AllTrue                     // i16x8.all_true: every lane nonzero
	OpI16x8Bitmask                     // i16x8.bitmask: top bit of each lane
	OpI16x8NarrowI32x4S                // i16x8.narrow_i32x4_s: saturate 8 i32 to i16
	OpI16x8NarrowI32x4U                // i16x8.narrow_i32x4_u: saturate 8 i32 to u16
	OpI16x8ExtendLowI8x16S             // i16x8.extend_low_i8x16_s: low 8 i8 to i16, sign-extend
	OpI16x8ExtendHighI8x16S            // i16x8.extend_high_i8x16_s: high 8 i8 to i16, sign-extend
	OpI16x8ExtendLowI8x16U             // i16x8.extend_low_i8x16_u: low 8 u8 to i16, zero-extend
	OpI16x8ExtendHighI8x16U            // i16x8.extend_high_i8x16_u: high 8 u8 to i16, zero-extend
	OpI16x8Shl                         // i16x8.shl: lanewise shift left
	OpI16x8ShrS                        // i16x8.shr_s: lanewise arithmetic shift right
	OpI16x8ShrU                        // i16x8.shr_u: lanewise logical shift right
	OpI16x8Add                         // i16x8.add: lanewise a + b
	OpI16x8AddSatS                     // i16x8.add_sat_s: lanewise saturating a + b signed
	OpI16x8AddSatU                     // i16x8.add_sat_u: lanewise saturating a + b unsigned
	OpI16x8Sub                         // i16x8.sub: lanewise a - b
	OpI16x8SubSatS                     // i16x8.sub_sat_s: lanewise saturating a - b signed
	OpI16x8SubSatU                     // i16x8.sub_sat_u: lanewise saturating a - b unsigned
	OpF64x2Nearest                     // f64x2.nearest: lanewise round half to even
	OpI16x8Mul                         // i16x8.mul: lanewise a * b
	OpI16x8MinS                        // i16x8.min_s: lanewise min signed
	OpI16x8MinU                        // i16x8.min_u: lanewise min unsigned
	OpI16x8MaxS                        // i16x8.max_s: lanewise max signed
	OpI16x8MaxU                        // i16x8.max_u: lanewise max unsigned
	OpI16x8AvgrU                       // i16x8.avgr_u: lanewise rounding average
	OpI16x8ExtmulLowI8x16S             // i16x8.extmul_low_i8x16_s: widening multiply, low half, signed
	OpI16x8ExtmulHighI8x16S            // i16x8.extmul_high_i8x16_s: widening multiply, high half, signed
	OpI16x8ExtmulLowI8x16U             // i16x8.extmul_low_i8x16_u: widening multiply, low half, unsigned
	OpI16x8ExtmulHighI8x16U            // i16x8.extmul_high_i8x16_u: widening multiply, high half, unsigned
	OpI32x4Abs                         // i32x4.abs: lanewise |a|
	OpI32x4Neg                         // i32x4.neg: lanewise -a
	OpI32x4AllTrue                     // i32x4.all_true: every lane nonzero
	OpI32x4Bitmask                     // i32x4.bitmask: top bit of each lane
	OpI32x4ExtendLowI16x8S             // i32x4.extend_low_i16x8_s: low 4 i16 to i32, sign-extend
	OpI32x4ExtendHighI16x8S            // i32x4.extend_high_i16x8_s: high 4 i16 to i32, sign-extend
	OpI32x4ExtendLowI16x8U             // i32x4.extend_low_i16x8_u: low 4 u16 to i32, zero-extend
	OpI32x4ExtendHighI16x8U            // i32x4.extend_high_i16x8_u: high 4 u16 to i32, zero-extend
	OpI32x4Shl                         // i32x4.shl: lanewise shift left
	OpI32x4ShrS                        // i32x4.shr_s: lanewise arithmetic shift right
	OpI32x4ShrU                        // i32x4.shr_u: lanewise logical shift right
	OpI32x4Add                         // i32x4.add: lanewise a + b
	OpI32x4Sub                         // i32x4.sub: lanewise a - b
	OpI32x4Mul                         // i32x4.mul: lanewise a * b
	OpI32x4MinS                        // i32x4.min_s: lanewise min signed
	OpI32x4MinU                        // i32x4.min_u: lanewise min unsigned
	OpI32x4MaxS                        // i32x4.max_s: lanewise max signed
	OpI32x4MaxU                        // i32x4.max_u: lanewise max unsigned
	OpI32x4DotI16x8S                   // i32x4.dot_i16x8_s: dot product of i16 pairs
	OpI32x4ExtmulLowI16x8S             // i32x4.extmul_low_i16x8_s: widening multiply, low half, signed
	OpI32x4ExtmulHighI16x8S            // i32x4.extmul_high_i16x8_s: widening multiply, high half, signed
	OpI32x4ExtmulLowI16x8U             // i32x4.extmul_low_i16x8_u: widening multiply, low half, unsigned
	OpI32x4ExtmulHighI16x8U            // i32x4.extmul_high_i16x8_u: widening multiply, high half, unsigned
	OpI64x2Abs                         // i64x2.abs: lanewise |a|
	OpI64x2Neg                         // i64x2.neg: lanewise -a
	OpI64x2AllTrue                     // i64x2.all_true: every lane nonzero
	OpI64x2Bitmask                     // i64x2.bitmask: top bit of each lane
	OpI64x2ExtendLowI32x4S             // i64x2.extend_low_i32x4_s: low 2 i32 to i64, sign-extend
	OpI64x2ExtendHighI32x4S            // i64x2.extend_high_i32x4_s: high 2 i32 to i64, sign-extend
	OpI64x2ExtendLowI32x4U             // i64x2.extend_low_i32x4_u: low 2 u32 to i64, zero-extend
	OpI64x2ExtendHighI32x4U            // i64x2.extend_high_i32x4_u: high 2 u32 to i64, zero-extend
	OpI64x2Shl                         // i64x2.shl: lanewise shift left
	OpI64x2ShrS                        // i64x2.shr_s: lanewise arithmetic shift right
	OpI64x2ShrU                        // i64x2.shr_u: lanewise logical shift right
	OpI64x2Add                         // i64x2.add: lanewise a + b
	OpI64x2Sub                         // i64x2.sub: lanewise a - b
	OpI64x2Mul                         // i64x2.mul: lanewise a * b
	OpI64x2Eq                          // i64x2.eq: lanewise ==
	OpI64x2Ne                          // i64x2.ne: lanewise !=
	OpI64x2LtS                         // i64x2.lt_s: lanewise < signed
	OpI64x2GtS                         // i64x2.gt_s: lanewise > signed
	OpI64x2LeS                         // i64x2.le_s: lanewise <= signed
	OpI64x2GeS                         // i64x2.ge_s: lanewise >= signed
	OpI64x2ExtmulLowI32x4S             // i64x2.extmul_low_i32x4_s: widening multiply, low half, signed
	OpI64x2ExtmulHighI32x4S            // i64x2.extmul_high_i32x4_s: widening multiply, high half, signed
	OpI64x2ExtmulLowI32x4U             // i64x2.extmul_low_i32x4_u: widening multiply, low half, unsigned
	OpI64x2ExtmulHighI32x4U            // i64x2.extmul_high_i32x4_u: widening multiply, high half, unsigned
	OpF32x4Abs                         // f32x4.abs: lanewise |a|
	OpF32x4Neg                         // f32x4.neg: lanewise -a
	OpF32x4Sqrt                        // f32x4.sqrt: lanewise square root
	OpF32x4Add                         // f32x4.add: lanewise a + b
	OpF32x4Sub                         // f32x4.sub: lanewise a - b
	OpF32x4Mul                         // f32x4.mul: lanewise a * b
	OpF32x4Div                         // f32x4.div: lanewise a / b
	OpF32x4Min                         // f32x4.min: lanewise min, NaN-propagating
	OpF32x4Max                         // f32x4.max: lanewise max, NaN-propagating
	OpF32x4Pmin                        // f32x4.pmin: lanewise b < a ? b : a
	OpF32x4Pmax                        // f32x4.pmax: lanewise a < b ? b : a
	OpF64x2Abs                         // f64x2.abs: lanewise |a|
	OpF64x2Neg                         // f64x2.neg: lanewise -a
	OpF64x2Sqrt                        // f64x2.sqrt: lanewise square root
	OpF64x2Add                         // f64x2.add: lanewise a + b
	OpF64x2Sub                         // f64x2.sub: lanewise a - b
	OpF64x2Mul                         // f64x2.mul: lanewise a * b
	OpF64x2Div                         // f64x2.div: lanewise a / b
	OpF64x2Min                         // f64x2.min: lanewise min, NaN-propagating
	OpF64x2Max                         // f64x2.max: lanewise max, NaN-propagating
	OpF64x2Pmin                        // f64x2.pmin: lanewise b < a ? b : a
	OpF64x2Pmax                        // f64x2.pmax: lanewise a < b ? b : a
	OpI32x4TruncSatF32x4S              // i32x4.trunc_sat_f32x4_s: f32 to i32 lanewise, saturating
	OpI32x4TruncSatF32x4U              // i32x4.trunc_sat_f32x4_u: f32 to u32 lanewise, saturating
	OpF32x4ConvertI32x4S               // f32x4.convert_i32x4_s: i32 to f32 lanewise
	OpF32x4ConvertI32x4U               // f32x4.convert_i32x4_u: u32 to f32 lanewise
	OpI32x4TruncSatF64x2SZero          // i32x4.trunc_sat_f64x2_s_zero: two f64 to i32 in lanes 0-1, saturating
	OpI32x4TruncSatF64x2UZero          // i32x4.trunc_sat_f64x2_u_zero: two f64 to u32 in lanes 0-1, saturating
	OpF64x2ConvertLowI32x4S            // f64x2.convert_low_i32x4_s: i32 lanes 0-1 to f64
	OpF64x2ConvertLowI32x4U            // f64x2.convert_low_i32x4_u: u32 lanes 0-1 to f64
	OpF32x4RelaxedMadd                 // f32x4.relaxed_madd: lanewise a * b + c, fused or not as the host decides (relaxed SIMD)
	OpF64x2RelaxedMadd                 // f64x2.relaxed_madd: lanewise a * b + c, fused or not as the host decides (relaxed SIMD)
	NumOpcodes                         // one past the last opcode: tables indexed by Opcode have this length
)

// opcodes is the encoding table: one entry a line, {text name, prefix byte (0 = none), opcode, immediate kind}.
var opcodes = [NumOpcodes]opInfo{
	OpUnreachable:               {"unreachable", 0, 0x00, immNone},
	OpNop:                       {"nop", 0, 0x01, immNone},
	OpBlock:                     {"block", 0, 0x02, immBlock},
	OpLoop:                      {"loop", 0, 0x03, immBlock},
	OpIf:                        {"if", 0, 0x04, immBlock},
	OpElse:                      {"else", 0, 0x05, immNone},
	OpEnd:                       {"end", 0, 0x0b, immNone},
	OpBr:                        {"br", 0, 0x0c, immLabel},
	OpBrIf:                      {"br_if", 0, 0x0d, immLabel},
	OpBrTable:                   {"br_table", 0, 0x0e, immTable},
	OpReturn:                    {"return", 0, 0x0f, immNone},
	OpCall:                      {"call", 0, 0x10, immFunc},
	OpDrop:                      {"drop", 0, 0x1a, immNone},
	OpSelect:                    {"select", 0, 0x1b, immNone},
	OpLocalGet:                  {"local.get", 0, 0x20, immLocal},
	OpLocalSet:                  {"local.set", 0, 0x21, immLocal},
	OpLocalTee:                  {"local.tee", 0, 0x22, immLocal},
	OpGlobalGet:                 {"global.get", 0, 0x23, immGlobal},
	OpGlobalSet:                 {"global.set", 0, 0x24, immGlobal},
	OpI32Load:                   {"i32.load", 0, 0x28, immMem},
	OpI64Load:                   {"i64.load", 0, 0x29, immMem},
	OpF32Load:                   {"f32.load", 0, 0x2a, immMem},
	OpF64Load:                   {"f64.load", 0, 0x2b, immMem},
	OpI32Load8S:                 {"i32.load8_s", 0, 0x2c, immMem},
	OpI32Load8U:                 {"i32.load8_u", 0, 0x2d, immMem},
	OpI32Load16S:                {"i32.load16_s", 0, 0x2e, immMem},
	OpI32Load16U:                {"i32.load16_u", 0, 0x2f, immMem},
	OpI64Load8S:                 {"i64.load8_s", 0, 0x30, immMem},
	OpI64Load8U:                 {"i64.load8_u", 0, 0x31, immMem},
	OpI64Load16S:                {"i64.load16_s", 0, 0x32, immMem},
	OpI64Load16U:                {"i64.load16_u", 0, 0x33, immMem},
	OpI64Load32S:                {"i64.load32_s", 0, 0x34, immMem},
	OpI64Load32U:                {"i64.load32_u", 0, 0x35, immMem},
	OpI32Store:                  {"i32.store", 0, 0x36, immMem},
	OpI64Store:                  {"i64.store", 0, 0x37, immMem},
	OpF32Store:                  {"f32.store", 0, 0x38, immMem},
	OpF64Store:                  {"f64.store", 0, 0x39, immMem},
	OpI32Store8:                 {"i32.store8", 0, 0x3a, immMem},
	OpI32Store16:                {"i32.store16", 0, 0x3b, immMem},
	OpI64Store8:                 {"i64.store8", 0, 0x3c, immMem},
	OpI64Store16:                {"i64.store16", 0, 0x3d, immMem},
	OpI64Store32:                {"i64.store32", 0, 0x3e, immMem},
	OpMemorySize:                {"memory.size", 0, 0x3f, immZero},
	OpMemoryGrow:                {"memory.grow", 0, 0x40, immZero},
	OpI32Const:                  {"i32.const", 0, 0x41, immI32},
	OpI64Const:                  {"i64.const", 0, 0x42, immI64},
	OpF32Const:                  {"f32.const", 0, 0x43, immF32},
	OpF64Const:                  {"f64.const", 0, 0x44, immF64},
	OpI32Eqz:                    {"i32.eqz", 0, 0x45, immNone},
	OpI32Eq:                     {"i32.eq", 0, 0x46, immNone},
	OpI32Ne:                     {"i32.ne", 0, 0x47, immNone},
	OpI32LtS:                    {"i32.lt_s", 0, 0x48, immNone},
	OpI32LtU:                    {"i32.lt_u", 0, 0x49, immNone},
	OpI32GtS:                    {"i32.gt_s", 0, 0x4a, immNone},
	OpI32GtU:                    {"i32.gt_u", 0, 0x4b, immNone},
	OpI32LeS:                    {"i32.le_s", 0, 0x4c, immNone},
	OpI32LeU:                    {"i32.le_u", 0, 0x4d, immNone},
	OpI32GeS:                    {"i32.ge_s", 0, 0x4e, immNone},
	OpI32GeU:                    {"i32.ge_u", 0, 0x4f, immNone},
	OpI64Eqz:                    {"i64.eqz", 0, 0x50, immNone},
	OpI64Eq:                     {"i64.eq", 0, 0x51, immNone},
	OpI64Ne:                     {"i64.ne", 0, 0x52, immNone},
	OpI64LtS:                    {"i64.lt_s", 0, 0x53, immNone},
	OpI64LtU:                    {"i64.lt_u", 0, 0x54, immNone},
	OpI64GtS:                    {"i64.gt_s", 0, 0x55, immNone},
	OpI64GtU:                    {"i64.gt_u", 0, 0x56, immNone},
	OpI64LeS:                    {"i64.le_s", 0, 0x57, immNone},
	OpI64LeU:                    {"i64.le_u", 0, 0x58, immNone},
	OpI64GeS:                    {"i64.ge_s", 0, 0x59, immNone},
	OpI64GeU:                    {"i64.ge_u", 0, 0x5a, immNone},
	OpF32Eq:                     {"f32.eq", 0, 0x5b, immNone},
	OpF32Ne:                     {"f32.ne", 0, 0x5c, immNone},
	OpF32Lt:                     {"f32.lt", 0, 0x5d, immNone},
	OpF32Gt:                     {"f32.gt", 0, 0x5e, immNone},
	OpF32Le:                     {"f32.le", 0, 0x5f, immNone},
	OpF32Ge:                     {"f32.ge", 0, 0x60, immNone},
	OpF64Eq:                     {"f64.eq", 0, 0x61, immNone},
	OpF64Ne:                     {"f64.ne", 0, 0x62, immNone},
	OpF64Lt:                     {"f64.lt", 0, 0x63, immNone},
	OpF64Gt:                     {"f64.gt", 0, 0x64, immNone},
	OpF64Le:                     {"f64.le", 0, 0x65, immNone},
	OpF64Ge:                     {"f64.ge", 0, 0x66, immNone},
	OpI32Clz:                    {"i32.clz", 0, 0x67, immNone},
	OpI32Ctz:                    {"i32.ctz", 0, 0x68, immNone},
	OpI32Popcnt:                 {"i32.popcnt", 0, 0x69, immNone},
	OpI32Add:                    {"i32.add", 0, 0x6a, immNone},
	OpI32Sub:                    {"i32.sub", 0, 0x6b, immNone},
	OpI32Mul:                    {"i32.mul", 0, 0x6c, immNone},
	OpI32DivS:                   {"i32.div_s", 0, 0x6d, immNone},
	OpI32DivU:                   {"i32.div_u", 0, 0x6e, immNone},
	OpI32RemS:                   {"i32.rem_s", 0, 0x6f, immNone},
	OpI32RemU:                   {"i32.rem_u", 0, 0x70, immNone},
	OpI32And:                    {"i32.and", 0, 0x71, immNone},
	OpI32Or:                     {"i32.or", 0, 0x72, immNone},
	OpI32Xor:                    {"i32.xor", 0, 0x73, immNone},
	OpI32Shl:                    {"i32.shl", 0, 0x74, immNone},
	OpI32ShrS:                   {"i32.shr_s", 0, 0x75, immNone},
	OpI32ShrU:                   {"i32.shr_u", 0, 0x76, immNone},
	OpI32Rotl:                   {"i32.rotl", 0, 0x77, immNone},
	OpI32Rotr:                   {"i32.rotr", 0, 0x78, immNone},
	OpI64Clz:                    {"i64.clz", 0, 0x79, immNone},
	OpI64Ctz:                    {"i64.ctz", 0, 0x7a, immNone},
	OpI64Popcnt:                 {"i64.popcnt", 0, 0x7b, immNone},
	OpI64Add:                    {"i64.add", 0, 0x7c, immNone},
	OpI64Sub:                    {"i64.sub", 0, 0x7d, immNone},
	OpI64Mul:                    {"i64.mul", 0, 0x7e, immNone},
	OpI64DivS:                   {"i64.div_s", 0, 0x7f, immNone},
	OpI64DivU:                   {"i64.div_u", 0, 0x80, immNone},
	OpI64RemS:                   {"i64.rem_s", 0, 0x81, immNone},
	OpI64RemU:                   {"i64.rem_u", 0, 0x82, immNone},
	OpI64And:                    {"i64.and", 0, 0x83, immNone},
	OpI64Or:                     {"i64.or", 0, 0x84, immNone},
	OpI64Xor:                    {"i64.xor", 0, 0x85, immNone},
	OpI64Shl:                    {"i64.shl", 0, 0x86, immNone},
	OpI64ShrS:                   {"i64.shr_s", 0, 0x87, immNone},
	OpI64ShrU:                   {"i64.shr_u", 0, 0x88, immNone},
	OpI64Rotl:                   {"i64.rotl", 0, 0x89, immNone},
	OpI64Rotr:                   {"i64.rotr", 0, 0x8a, immNone},
	OpF32Abs:                    {"f32.abs", 0, 0x8b, immNone},
	OpF32Neg:                    {"f32.neg", 0, 0x8c, immNone},
	OpF32Ceil:                   {"f32.ceil", 0, 0x8d, immNone},
	OpF32Floor:                  {"f32.floor", 0, 0x8e, immNone},
	OpF32Trunc:                  {"f32.trunc", 0, 0x8f, immNone},
	OpF32Nearest:                {"f32.nearest", 0, 0x90, immNone},
	OpF32Sqrt:                   {"f32.sqrt", 0, 0x91, immNone},
	OpF32Add:                    {"f32.add", 0, 0x92, immNone},
	OpF32Sub:                    {"f32.sub", 0, 0x93, immNone},
	OpF32Mul:                    {"f32.mul", 0, 0x94, immNone},
	OpF32Div:                    {"f32.div", 0, 0x95, immNone},
	OpF32Min:                    {"f32.min", 0, 0x96, immNone},
	OpF32Max:                    {"f32.max", 0, 0x97, immNone},
	OpF32Copysign:               {"f32.copysign", 0, 0x98, immNone},
	OpF64Abs:                    {"f64.abs", 0, 0x99, immNone},
	OpF64Neg:                    {"f64.neg", 0, 0x9a, immNone},
	OpF64Ceil:                   {"f64.ceil", 0, 0x9b, immNone},
	OpF64Floor:                  {"f64.floor", 0, 0x9c, immNone},
	OpF64Trunc:                  {"f64.trunc", 0, 0x9d, immNone},
	OpF64Nearest:                {"f64.nearest", 0, 0x9e, immNone},
	OpF64Sqrt:                   {"f64.sqrt", 0, 0x9f, immNone},
	OpF64Add:                    {"f64.add", 0, 0xa0, immNone},
	OpF64Sub:                    {"f64.sub", 0, 0xa1, immNone},
	OpF64Mul:                    {"f64.mul", 0, 0xa2, immNone},
	OpF64Div:                    {"f64.div", 0, 0xa3, immNone},
	OpF64Min:                    {"f64.min", 0, 0xa4, immNone},
	OpF64Max:                    {"f64.max", 0, 0xa5, immNone},
	OpF64Copysign:               {"f64.copysign", 0, 0xa6, immNone},
	OpI32WrapI64:                {"i32.wrap_i64", 0, 0xa7, immNone},
	OpI32TruncF32S:              {"i32.trunc_f32_s", 0, 0xa8, immNone},
	OpI32TruncF32U:              {"i32.trunc_f32_u", 0, 0xa9, immNone},
	OpI32TruncF64S:              {"i32.trunc_f64_s", 0, 0xaa, immNone},
	OpI32TruncF64U:              {"i32.trunc_f64_u", 0, 0xab, immNone},
	OpI64ExtendI32S:             {"i64.extend_i32_s", 0, 0xac, immNone},
	OpI64ExtendI32U:             {"i64.extend_i32_u", 0, 0xad, immNone},
	OpI64TruncF32S:              {"i64.trunc_f32_s", 0, 0xae, immNone},
	OpI64TruncF32U:              {"i64.trunc_f32_u", 0, 0xaf, immNone},
	OpI64TruncF64S:              {"i64.trunc_f64_s", 0, 0xb0, immNone},
	OpI64TruncF64U:              {"i64.trunc_f64_u", 0, 0xb1, immNone},
	OpF32ConvertI32S:            {"f32.convert_i32_s", 0, 0xb2, immNone},
	OpF32ConvertI32U:            {"f32.convert_i32_u", 0, 0xb3, immNone},
	OpF32ConvertI64S:            {"f32.convert_i64_s", 0, 0xb4, immNone},
	OpF32ConvertI64U:            {"f32.convert_i64_u", 0, 0xb5, immNone},
	OpF32DemoteF64:              {"f32.demote_f64", 0, 0xb6, immNone},
	OpF64ConvertI32S:            {"f64.convert_i32_s", 0, 0xb7, immNone},
	OpF64ConvertI32U:            {"f64.convert_i32_u", 0, 0xb8, immNone},
	OpF64ConvertI64S:            {"f64.convert_i64_s", 0, 0xb9, immNone},
	OpF64ConvertI64U:            {"f64.convert_i64_u", 0, 0xba, immNone},
	OpF64PromoteF32:             {"f64.promote_f32", 0, 0xbb, immNone},
	OpI32ReinterpretF32:         {"i32.reinterpret_f32", 0, 0xbc, immNone},
	OpI64ReinterpretF64:         {"i64.reinterpret_f64", 0, 0xbd, immNone},
	OpF32ReinterpretI32:         {"f32.reinterpret_i32", 0, 0xbe, immNone},
	OpF64ReinterpretI64:         {"f64.reinterpret_i64", 0, 0xbf, immNone},
	OpI32Extend8S:               {"i32.extend8_s", 0, 0xc0, immNone},
	OpI32Extend16S:              {"i32.extend16_s", 0, 0xc1, immNone},
	OpI64Extend8S:               {"i64.extend8_s", 0, 0xc2, immNone},
	OpI64Extend16S:              {"i64.extend16_s", 0, 0xc3, immNone},
	OpI64Extend32S:              {"i64.extend32_s", 0, 0xc4, immNone},
	OpI32TruncSatF32S:           {"i32.trunc_sat_f32_s", 0xfc, 0, immNone},
	OpI32TruncSatF32U:           {"i32.trunc_sat_f32_u", 0xfc, 1, immNone},
	OpI32TruncSatF64S:           {"i32.trunc_sat_f64_s", 0xfc, 2, immNone},
	OpI32TruncSatF64U:           {"i32.trunc_sat_f64_u", 0xfc, 3, immNone},
	OpI64TruncSatF32S:           {"i64.trunc_sat_f32_s", 0xfc, 4, immNone},
	OpI64TruncSatF32U:           {"i64.trunc_sat_f32_u", 0xfc, 5, immNone},
	OpI64TruncSatF64S:           {"i64.trunc_sat_f64_s", 0xfc, 6, immNone},
	OpI64TruncSatF64U:           {"i64.trunc_sat_f64_u", 0xfc, 7, immNone},
	OpMemoryCopy:                {"memory.copy", 0xfc, 10, immZero2},
	OpMemoryFill:                {"memory.fill", 0xfc, 11, immZero},
	OpV128Load:                  {"v128.load", 0xfd, 0x00, immMem},
	OpV128Load8x8S:              {"v128.load8x8_s", 0xfd, 0x01, immMem},
	OpV128Load8x8U:              {"v128.load8x8_u", 0xfd, 0x02, immMem},
	OpV128Load16x4S:             {"v128.load16x4_s", 0xfd, 0x03, immMem},
	OpV128Load16x4U:             {"v128.load16x4_u", 0xfd, 0x04, immMem},
	OpV128Load32x2S:             {"v128.load32x2_s", 0xfd, 0x05, immMem},
	OpV128Load32x2U:             {"v128.load32x2_u", 0xfd, 0x06, immMem},
	OpV128Load8Splat:            {"v128.load8_splat", 0xfd, 0x07, immMem},
	OpV128Load16Splat:           {"v128.load16_splat", 0xfd, 0x08, immMem},
	OpV128Load32Splat:           {"v128.load32_splat", 0xfd, 0x09, immMem},
	OpV128Load64Splat:           {"v128.load64_splat", 0xfd, 0x0a, immMem},
	OpV128Store:                 {"v128.store", 0xfd, 0x0b, immMem},
	OpV128Const:                 {"v128.const", 0xfd, 0x0c, immV128},
	OpI8x16Shuffle:              {"i8x16.shuffle", 0xfd, 0x0d, immShuffle},
	OpI8x16Swizzle:              {"i8x16.swizzle", 0xfd, 0x0e, immNone},
	OpI8x16Splat:                {"i8x16.splat", 0xfd, 0x0f, immNone},
	OpI16x8Splat:                {"i16x8.splat", 0xfd, 0x10, immNone},
	OpI32x4Splat:                {"i32x4.splat", 0xfd, 0x11, immNone},
	OpI64x2Splat:                {"i64x2.splat", 0xfd, 0x12, immNone},
	OpF32x4Splat:                {"f32x4.splat", 0xfd, 0x13, immNone},
	OpF64x2Splat:                {"f64x2.splat", 0xfd, 0x14, immNone},
	OpI8x16ExtractLaneS:         {"i8x16.extract_lane_s", 0xfd, 0x15, immLane},
	OpI8x16ExtractLaneU:         {"i8x16.extract_lane_u", 0xfd, 0x16, immLane},
	OpI8x16ReplaceLane:          {"i8x16.replace_lane", 0xfd, 0x17, immLane},
	OpI16x8ExtractLaneS:         {"i16x8.extract_lane_s", 0xfd, 0x18, immLane},
	OpI16x8ExtractLaneU:         {"i16x8.extract_lane_u", 0xfd, 0x19, immLane},
	OpI16x8ReplaceLane:          {"i16x8.replace_lane", 0xfd, 0x1a, immLane},
	OpI32x4ExtractLane:          {"i32x4.extract_lane", 0xfd, 0x1b, immLane},
	OpI32x4ReplaceLane:          {"i32x4.replace_lane", 0xfd, 0x1c, immLane},
	OpI64x2ExtractLane:          {"i64x2.extract_lane", 0xfd, 0x1d, immLane},
	OpI64x2ReplaceLane:          {"i64x2.replace_lane", 0xfd, 0x1e, immLane},
	OpF32x4ExtractLane:          {"f32x4.extract_lane", 0xfd, 0x1f, immLane},
	OpF32x4ReplaceLane:          {"f32x4.replace_lane", 0xfd, 0x20, immLane},
	OpF64x2ExtractLane:          {"f64x2.extract_lane", 0xfd, 0x21, immLane},
	OpF64x2ReplaceLane:          {"f64x2.replace_lane", 0xfd, 0x22, immLane},
	OpI8x16Eq:                   {"i8x16.eq", 0xfd, 0x23, immNone},
	OpI8x16Ne:                   {"i8x16.ne", 0xfd, 0x24, immNone},
	OpI8x16LtS:                  {"i8x16.lt_s", 0xfd, 0x25, immNone},
	OpI8x16LtU:                  {"i8x16.lt_u", 0xfd, 0x26, immNone},
	OpI8x16GtS:                  {"i8x16.gt_s", 0xfd, 0x27, immNone},
	OpI8x16GtU:                  {"i8x16.gt_u", 0xfd, 0x28, immNone},
	OpI8x16LeS:                  {"i8x16.le_s", 0xfd, 0x29, immNone},
	OpI8x16LeU:                  {"i8x16.le_u", 0xfd, 0x2a, immNone},
	OpI8x16GeS:                  {"i8x16.ge_s", 0xfd, 0x2b, immNone},
	OpI8x16GeU:                  {"i8x16.ge_u", 0xfd, 0x2c, immNone},
	OpI16x8Eq:                   {"i16x8.eq", 0xfd, 0x2d, immNone},
	OpI16x8Ne:                   {"i16x8.ne", 0xfd, 0x2e, immNone},
	OpI16x8LtS:                  {"i16x8.lt_s", 0xfd, 0x2f, immNone},
	OpI16x8LtU:                  {"i16x8.lt_u", 0xfd, 0x30, immNone},
	OpI16x8GtS:                  {"i16x8.gt_s", 0xfd, 0x31, immNone},
	OpI16x8GtU:                  {"i16x8.gt_u", 0xfd, 0x32, immNone},
	OpI16x8LeS:                  {"i16x8.le_s", 0xfd, 0x33, immNone},
	OpI16x8LeU:                  {"i16x8.le_u", 0xfd, 0x34, immNone},
	OpI16x8GeS:                  {"i16x8.ge_s", 0xfd, 0x35, immNone},
	OpI16x8GeU:                  {"i16x8.ge_u", 0xfd, 0x36, immNone},
	OpI32x4Eq:                   {"i32x4.eq", 0xfd, 0x37, immNone},
	OpI32x4Ne:                   {"i32x4.ne", 0xfd, 0x38, immNone},
	OpI32x4LtS:                  {"i32x4.lt_s", 0xfd, 0x39, immNone},
	OpI32x4LtU:                  {"i32x4.lt_u", 0xfd, 0x3a, immNone},
	OpI32x4GtS:                  {"i32x4.gt_s", 0xfd, 0x3b, immNone},
	OpI32x4GtU:                  {"i32x4.gt_u", 0xfd, 0x3c, immNone},
	OpI32x4LeS:                  {"i32x4.le_s", 0xfd, 0x3d, immNone},
	OpI32x4LeU:                  {"i32x4.le_u", 0xfd, 0x3e, immNone},
	OpI32x4GeS:                  {"i32x4.ge_s", 0xfd, 0x3f, immNone},
	OpI32x4GeU:                  {"i32x4.ge_u", 0xfd, 0x40, immNone},
	OpF32x4Eq:                   {"f32x4.eq", 0xfd, 0x41, immNone},
	OpF32x4Ne:                   {"f32x4.ne", 0xfd, 0x42, immNone},
	OpF32x4Lt:                   {"f32x4.lt", 0xfd, 0x43, immNone},
	OpF32x4Gt:                   {"f32x4.gt", 0xfd, 0x44, immNone},
	OpF32x4Le:                   {"f32x4.le", 0xfd, 0x45, immNone},
	OpF32x4Ge:                   {"f32x4.ge", 0xfd, 0x46, immNone},
	OpF64x2Eq:                   {"f64x2.eq", 0xfd, 0x47, immNone},
	OpF64x2Ne:                   {"f64x2.ne", 0xfd, 0x48, immNone},
	OpF64x2Lt:                   {"f64x2.lt", 0xfd, 0x49, immNone},
	OpF64x2Gt:                   {"f64x2.gt", 0xfd, 0x4a, immNone},
	OpF64x2Le:                   {"f64x2.le", 0xfd, 0x4b, immNone},
	OpF64x2Ge:                   {"f64x2.ge", 0xfd, 0x4c, immNone},
	OpV128Not:                   {"v128.not", 0xfd, 0x4d, immNone},
	OpV128And:                   {"v128.and", 0xfd, 0x4e, immNone},
	OpV128Andnot:                {"v128.andnot", 0xfd, 0x4f, immNone},
	OpV128Or:                    {"v128.or", 0xfd, 0x50, immNone},
	OpV128Xor:                   {"v128.xor", 0xfd, 0x51, immNone},
	OpV128Bitselect:             {"v128.bitselect", 0xfd, 0x52, immNone},
	OpV128AnyTrue:               {"v128.any_true", 0xfd, 0x53, immNone},
	OpV128Load8Lane:             {"v128.load8_lane", 0xfd, 0x54, immMemLane},
	OpV128Load16Lane:            {"v128.load16_lane", 0xfd, 0x55, immMemLane},
	OpV128Load32Lane:            {"v128.load32_lane", 0xfd, 0x56, immMemLane},
	OpV128Load64Lane:            {"v128.load64_lane", 0xfd, 0x57, immMemLane},
	OpV128Store8Lane:            {"v128.store8_lane", 0xfd, 0x58, immMemLane},
	OpV128Store16Lane:           {"v128.store16_lane", 0xfd, 0x59, immMemLane},
	OpV128Store32Lane:           {"v128.store32_lane", 0xfd, 0x5a, immMemLane},
	OpV128Store64Lane:           {"v128.store64_lane", 0xfd, 0x5b, immMemLane},
	OpV128Load32Zero:            {"v128.load32_zero", 0xfd, 0x5c, immMem},
	OpV128Load64Zero:            {"v128.load64_zero", 0xfd, 0x5d, immMem},
	OpF32x4DemoteF64x2Zero:      {"f32x4.demote_f64x2_zero", 0xfd, 0x5e, immNone},
	OpF64x2PromoteLowF32x4:      {"f64x2.promote_low_f32x4", 0xfd, 0x5f, immNone},
	OpI8x16Abs:                  {"i8x16.abs", 0xfd, 0x60, immNone},
	OpI8x16Neg:                  {"i8x16.neg", 0xfd, 0x61, immNone},
	OpI8x16Popcnt:               {"i8x16.popcnt", 0xfd, 0x62, immNone},
	OpI8x16AllTrue:              {"i8x16.all_true", 0xfd, 0x63, immNone},
	OpI8x16Bitmask:              {"i8x16.bitmask", 0xfd, 0x64, immNone},
	OpI8x16NarrowI16x8S:         {"i8x16.narrow_i16x8_s", 0xfd, 0x65, immNone},
	OpI8x16NarrowI16x8U:         {"i8x16.narrow_i16x8_u", 0xfd, 0x66, immNone},
	OpF32x4Ceil:                 {"f32x4.ceil", 0xfd, 0x67, immNone},
	OpF32x4Floor:                {"f32x4.floor", 0xfd, 0x68, immNone},
	OpF32x4Trunc:                {"f32x4.trunc", 0xfd, 0x69, immNone},
	OpF32x4Nearest:              {"f32x4.nearest", 0xfd, 0x6a, immNone},
	OpI8x16Shl:                  {"i8x16.shl", 0xfd, 0x6b, immNone},
	OpI8x16ShrS:                 {"i8x16.shr_s", 0xfd, 0x6c, immNone},
	OpI8x16ShrU:                 {"i8x16.shr_u", 0xfd, 0x6d, immNone},
	OpI8x16Add:                  {"i8x16.add", 0xfd, 0x6e, immNone},
	OpI8x16AddSatS:              {"i8x16.add_sat_s", 0xfd, 0x6f, immNone},
	OpI8x16AddSatU:              {"i8x16.add_sat_u", 0xfd, 0x70, immNone},
	OpI8x16Sub:                  {"i8x16.sub", 0xfd, 0x71, immNone},
	OpI8x16SubSatS:              {"i8x16.sub_sat_s", 0xfd, 0x72, immNone},
	OpI8x16SubSatU:              {"i8x16.sub_sat_u", 0xfd, 0x73, immNone},
	OpF64x2Ceil:                 {"f64x2.ceil", 0xfd, 0x74, immNone},
	OpF64x2Floor:                {"f64x2.floor", 0xfd, 0x75, immNone},
	OpI8x16MinS:                 {"i8x16.min_s", 0xfd, 0x76, immNone},
	OpI8x16MinU:                 {"i8x16.min_u", 0xfd, 0x77, immNone},
	OpI8x16MaxS:                 {"i8x16.max_s", 0xfd, 0x78, immNone},
	OpI8x16MaxU:                 {"i8x16.max_u", 0xfd, 0x79, immNone},
	OpF64x2Trunc:                {"f64x2.trunc", 0xfd, 0x7a, immNone},
	OpI8x16AvgrU:                {"i8x16.avgr_u", 0xfd, 0x7b, immNone},
	OpI16x8ExtaddPairwiseI8x16S: {"i16x8.extadd_pairwise_i8x16_s", 0xfd, 0x7c, immNone},
	OpI16x8ExtaddPairwiseI8x16U: {"i16x8.extadd_pairwise_i8x16_u", 0xfd, 0x7d, immNone},
	OpI32x4ExtaddPairwiseI16x8S: {"i32x4.extadd_pairwise_i16x8_s", 0xfd, 0x7e, immNone},
	OpI32x4ExtaddPairwiseI16x8U: {"i32x4.extadd_pairwise_i16x8_u", 0xfd, 0x7f, immNone},
	OpI16x8Abs:                  {"i16x8.abs", 0xfd, 0x80, immNone},
	OpI16x8Neg:                  {"i16x8.neg", 0xfd, 0x81, immNone},
	OpI16x8Q15mulrSatS:          {"i16x8.q15mulr_sat_s", 0xfd, 0x82, immNone},
	OpI16x8AllTrue:              {"i16x8.all_true", 0xfd, 0x83, immNone},
	OpI16x8Bitmask:              {"i16x8.bitmask", 0xfd, 0x84, immNone},
	OpI16x8NarrowI32x4S:         {"i16x8.narrow_i32x4_s", 0xfd, 0x85, immNone},
	OpI16x8NarrowI32x4U:         {"i16x8.narrow_i32x4_u", 0xfd, 0x86, immNone},
	OpI16x8ExtendLowI8x16S:      {"i16x8.extend_low_i8x16_s", 0xfd, 0x87, immNone},
	OpI16x8ExtendHighI8x16S:     {"i16x8.extend_high_i8x16_s", 0xfd, 0x88, immNone},
	OpI16x8ExtendLowI8x16U:      {"i16x8.extend_low_i8x16_u", 0xfd, 0x89, immNone},
	OpI16x8ExtendHighI8x16U:     {"i16x8.extend_high_i8x16_u", 0xfd, 0x8a, immNone},
	OpI16x8Shl:                  {"i16x8.shl", 0xfd, 0x8b, immNone},
	OpI16x8ShrS:                 {"i16x8.shr_s", 0xfd, 0x8c, immNone},
	OpI16x8ShrU:                 {"i16x8.shr_u", 0xfd, 0x8d, immNone},
	OpI16x8Add:                  {"i16x8.add", 0xfd, 0x8e, immNone},
	OpI16x8AddSatS:              {"i16x8.add_sat_s", 0xfd, 0x8f, immNone},
	OpI16x8AddSatU:              {"i16x8.add_sat_u", 0xfd, 0x90, immNone},
	OpI16x8Sub:                  {"i16x8.sub", 0xfd, 0x91, immNone},
	OpI16x8SubSatS:              {"i16x8.sub_sat_s", 0xfd, 0x92, immNone},
	OpI16x8SubSatU:              {"i16x8.sub_sat_u", 0xfd, 0x93, immNone},
	OpF64x2Nearest:              {"f64x2.nearest", 0xfd, 0x94, immNone},
	OpI16x8Mul:                  {"i16x8.mul", 0xfd, 0x95, immNone},
	OpI16x8MinS:                 {"i16x8.min_s", 0xfd, 0x96, immNone},
	OpI16x8MinU:                 {"i16x8.min_u", 0xfd, 0x97, immNone},
	OpI16x8MaxS:                 {"i16x8.max_s", 0xfd, 0x98, immNone},
	OpI16x8MaxU:                 {"i16x8.max_u", 0xfd, 0x99, immNone},
	OpI16x8AvgrU:                {"i16x8.avgr_u", 0xfd, 0x9b, immNone},
	OpI16x8ExtmulLowI8x16S:      {"i16x8.extmul_low_i8x16_s", 0xfd, 0x9c, immNone},
	OpI16x8ExtmulHighI8x16S:     {"i16x8.extmul_high_i8x16_s", 0xfd, 0x9d, immNone},
	OpI16x8ExtmulLowI8x16U:      {"i16x8.extmul_low_i8x16_u", 0xfd, 0x9e, immNone},
	OpI16x8ExtmulHighI8x16U:     {"i16x8.extmul_high_i8x16_u", 0xfd, 0x9f, immNone},
	OpI32x4Abs:                  {"i32x4.abs", 0xfd, 0xa0, immNone},
	OpI32x4Neg:                  {"i32x4.neg", 0xfd, 0xa1, immNone},
	OpI32x4AllTrue:              {"i32x4.all_true", 0xfd, 0xa3, immNone},
	OpI32x4Bitmask:              {"i32x4.bitmask", 0xfd, 0xa4, immNone},
	OpI32x4ExtendLowI16x8S:      {"i32x4.extend_low_i16x8_s", 0xfd, 0xa7, immNone},
	OpI32x4ExtendHighI16x8S:     {"i32x4.extend_high_i16x8_s", 0xfd, 0xa8, immNone},
	OpI32x4ExtendLowI16x8U:      {"i32x4.extend_low_i16x8_u", 0xfd, 0xa9, immNone},
	OpI32x4ExtendHighI16x8U:     {"i32x4.extend_high_i16x8_u", 0xfd, 0xaa, immNone},
	OpI32x4Shl:                  {"i32x4.shl", 0xfd, 0xab, immNone},
	OpI32x4ShrS:                 {"i32x4.shr_s", 0xfd, 0xac, immNone},
	OpI32x4ShrU:                 {"i32x4.shr_u", 0xfd, 0xad, immNone},
	OpI32x4Add:                  {"i32x4.add", 0xfd, 0xae, immNone},
	OpI32x4Sub:                  {"i32x4.sub", 0xfd, 0xb1, immNone},
	OpI32x4Mul:                  {"i32x4.mul", 0xfd, 0xb5, immNone},
	OpI32x4MinS:                 {"i32x4.min_s", 0xfd, 0xb6, immNone},
	OpI32x4MinU:                 {"i32x4.min_u", 0xfd, 0xb7, immNone},
	OpI32x4MaxS:                 {"i32x4.max_s", 0xfd, 0xb8, immNone},
	OpI32x4MaxU:                 {"i32x4.max_u", 0xfd, 0xb9, immNone},
	OpI32x4DotI16x8S:            {"i32x4.dot_i16x8_s", 0xfd, 0xba, immNone},
	OpI32x4ExtmulLowI16x8S:      {"i32x4.extmul_low_i16x8_s", 0xfd, 0xbc, immNone},
	OpI32x4ExtmulHighI16x8S:     {"i32x4.extmul_high_i16x8_s", 0xfd, 0xbd, immNone},
	OpI32x4ExtmulLowI16x8U:      {"i32x4.extmul_low_i16x8_u", 0xfd, 0xbe, immNone},
	OpI32x4ExtmulHighI16x8U:     {"i32x4.extmul_high_i16x8_u", 0xfd, 0xbf, immNone},
	OpI64x2Abs:                  {"i64x2.abs", 0xfd, 0xc0, immNone},
	OpI64x2Neg:                  {"i64x2.neg", 0xfd, 0xc1, immNone},
	OpI64x2AllTrue:              {"i64x2.all_true", 0xfd, 0xc3, immNone},
	OpI64x2Bitmask:              {"i64x2.bitmask", 0xfd, 0xc4, immNone},
	OpI64x2ExtendLowI32x4S:      {"i64x2.extend_low_i32x4_s", 0xfd, 0xc7, immNone},
	OpI64x2ExtendHighI32x4S:     {"i64x2.extend_high_i32x4_s", 0xfd, 0xc8, immNone},
	OpI64x2ExtendLowI32x4U:      {"i64x2.extend_low_i32x4_u", 0xfd, 0xc9, immNone},
	OpI64x2ExtendHighI32x4U:     {"i64x2.extend_high_i32x4_u", 0xfd, 0xca, immNone},
	OpI64x2Shl:                  {"i64x2.shl", 0xfd, 0xcb, immNone},
	OpI64x2ShrS:                 {"i64x2.shr_s", 0xfd, 0xcc, immNone},
	OpI64x2ShrU:                 {"i64x2.shr_u", 0xfd, 0xcd, immNone},
	OpI64x2Add:                  {"i64x2.add", 0xfd, 0xce, immNone},
	OpI64x2Sub:                  {"i64x2.sub", 0xfd, 0xd1, immNone},
	OpI64x2Mul:                  {"i64x2.mul", 0xfd, 0xd5, immNone},
	OpI64x2Eq:                   {"i64x2.eq", 0xfd, 0xd6, immNone},
	OpI64x2Ne:                   {"i64x2.ne", 0xfd, 0xd7, immNone},
	OpI64x2LtS:                  {"i64x2.lt_s", 0xfd, 0xd8, immNone},
	OpI64x2GtS:                  {"i64x2.gt_s", 0xfd, 0xd9, immNone},
	OpI64x2LeS:                  {"i64x2.le_s", 0xfd, 0xda, immNone},
	OpI64x2GeS:                  {"i64x2.ge_s", 0xfd, 0xdb, immNone},
	OpI64x2ExtmulLowI32x4S:      {"i64x2.extmul_low_i32x4_s", 0xfd, 0xdc, immNone},
	OpI64x2ExtmulHighI32x4S:     {"i64x2.extmul_high_i32x4_s", 0xfd, 0xdd, immNone},
	OpI64x2ExtmulLowI32x4U:      {"i64x2.extmul_low_i32x4_u", 0xfd, 0xde, immNone},
	OpI64x2ExtmulHighI32x4U:     {"i64x2.extmul_high_i32x4_u", 0xfd, 0xdf, immNone},
	OpF32x4Abs:                  {"f32x4.abs", 0xfd, 0xe0, immNone},
	OpF32x4Neg:                  {"f32x4.neg", 0xfd, 0xe1, immNone},
	OpF32x4Sqrt:                 {"f32x4.sqrt", 0xfd, 0xe3, immNone},
	OpF32x4Add:                  {"f32x4.add", 0xfd, 0xe4, immNone},
	OpF32x4Sub:                  {"f32x4.sub", 0xfd, 0xe5, immNone},
	OpF32x4Mul:                  {"f32x4.mul", 0xfd, 0xe6, immNone},
	OpF32x4Div:                  {"f32x4.div", 0xfd, 0xe7, immNone},
	OpF32x4Min:                  {"f32x4.min", 0xfd, 0xe8, immNone},
	OpF32x4Max:                  {"f32x4.max", 0xfd, 0xe9, immNone},
	OpF32x4Pmin:                 {"f32x4.pmin", 0xfd, 0xea, immNone},
	OpF32x4Pmax:                 {"f32x4.pmax", 0xfd, 0xeb, immNone},
	OpF64x2Abs:                  {"f64x2.abs", 0xfd, 0xec, immNone},
	OpF64x2Neg:                  {"f64x2.neg", 0xfd, 0xed, immNone},
	OpF64x2Sqrt:                 {"f64x2.sqrt", 0xfd, 0xef, immNone},
	OpF64x2Add:                  {"f64x2.add", 0xfd, 0xf0, immNone},
	OpF64x2Sub:                  {"f64x2.sub", 0xfd, 0xf1, immNone},
	OpF64x2Mul:                  {"f64x2.mul", 0xfd, 0xf2, immNone},
	OpF64x2Div:                  {"f64x2.div", 0xfd, 0xf3, immNone},
	OpF64x2Min:                  {"f64x2.min", 0xfd, 0xf4, immNone},
	OpF64x2Max:                  {"f64x2.max", 0xfd, 0xf5, immNone},
	OpF64x2Pmin:                 {"f64x2.pmin", 0xfd, 0xf6, immNone},
	OpF64x2Pmax:                 {"f64x2.pmax", 0xfd, 0xf7, immNone},
	OpI32x4TruncSatF32x4S:       {"i32x4.trunc_sat_f32x4_s", 0xfd, 0xf8, immNone},
	OpI32x4TruncSatF32x4U:       {"i32x4.trunc_sat_f32x4_u", 0xfd, 0xf9, immNone},
	OpF32x4ConvertI32x4S:        {"f32x4.convert_i32x4_s", 0xfd, 0xfa, immNone},
	OpF32x4ConvertI32x4U:        {"f32x4.convert_i32x4_u", 0xfd, 0xfb, immNone},
	OpI32x4TruncSatF64x2SZero:   {"i32x4.trunc_sat_f64x2_s_zero", 0xfd, 0xfc, immNone},
	OpI32x4TruncSatF64x2UZero:   {"i32x4.trunc_sat_f64x2_u_zero", 0xfd, 0xfd, immNone},
	OpF64x2ConvertLowI32x4S:     {"f64x2.convert_low_i32x4_s", 0xfd, 0xfe, immNone},
	OpF64x2ConvertLowI32x4U:     {"f64x2.convert_low_i32x4_u", 0xfd, 0xff, immNone},
	OpF32x4RelaxedMadd:          {"f32x4.relaxed_madd", 0xfd, 0x105, immNone},
	OpF64x2RelaxedMadd:          {"f64x2.relaxed_madd", 0xfd, 0x107, immNone},
}
