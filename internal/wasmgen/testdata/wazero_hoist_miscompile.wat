;; A wazero v1.12.0 (amd64 compiler) miscompile, reduced from sandjit's
;; complex<f32> division of a 49x1 by a 1x49 tensor (golden kernel
;; complex_special) compiled with wasmgen hoisting up to 64 loop-invariant
;; values. Reduced automatically by deleting statements (a local.set or a
;; store) while wazero's compiler and its interpreter still disagree; many
;; values left are dead but keep the register pressure that triggers it.
;; With the memory of TestWazeroHoistMiscompile, nest_0 stores +Inf or
;; -Inf at 77 places where the interpreter and wasmtime store NaN.
;; Regenerate the binary with: wat2wasm wazero_hoist_miscompile.wat
(module
  (memory (export "memory") 1)
  (func $abi_version (result i32)
      i32.const 1
  )
  (func $nest_0_Div (param i32) (param i32) (param i32) (result i32)
    (local i32 i32 i32 i32 i32 i32 v128 i32 i32 i32 i32 i32 i32 i32 i32 i32 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 i32 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128 v128)
      local.get 0
      i32.load
      i32.const 1
      i32.ne
      if
        i32.const 1
        return
      end
      local.get 2
      i32.const 49
      local.get 2
      i32.const 49
      i32.lt_u
      select
      local.set 2
      local.get 1
      local.get 2
      i32.ge_u
      if
        i32.const 0
        return
      end
      local.get 0
      i32.load offset=88
      local.set 3
      local.get 0
      i32.load offset=88
      local.set 4
      local.get 4
      i32.const 4
      i32.add
      local.set 4
      local.get 0
      i32.load offset=120
      local.set 5
      local.get 0
      i32.load offset=120
      local.set 6
      local.get 6
      i32.const 4
      i32.add
      local.set 6
      local.get 0
      i32.load offset=152
      local.set 7
      local.get 0
      i32.load offset=152
      local.set 8
      local.get 8
      i32.const 4
      i32.add
      local.set 8
      local.get 3
      local.get 1
      i32.const 8
      i32.mul
      i32.add
      local.set 10
      local.get 4
      local.get 1
      i32.const 8
      i32.mul
      i32.add
      local.set 11
      local.get 7
      local.get 1
      i32.const 392
      i32.mul
      i32.add
      local.set 12
      local.get 8
      local.get 1
      i32.const 392
      i32.mul
      i32.add
      local.set 13
      local.get 1
      local.set 14
      local.get 14
      local.get 2
      i32.lt_u
      if
        loop
          local.get 5
          local.set 15
          local.get 6
          local.set 16
          local.get 12
          local.set 17
          local.get 13
          local.set 18
          local.get 10
          f32.load
          f32x4.splat
          local.set 19
          local.get 11
          f32.load
          f32x4.splat
          local.set 20
          local.get 19
          f64x2.promote_low_f32x4
          local.set 21
          local.get 19
          local.get 19
          i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
          f64x2.promote_low_f32x4
          local.set 22
          local.get 20
          f64x2.promote_low_f32x4
          local.set 23
          local.get 20
          local.get 20
          i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
          f64x2.promote_low_f32x4
          local.set 24
          local.get 37
          v128.not
          local.set 38
          i32.const 0
          local.set 119
          block
            loop
              i32.const 49
              local.get 119
              i32.sub
              i32.const 4
              i32.lt_u
              br_if 1
              local.get 121
              local.get 16
              f32.load offset=24
              f32x4.replace_lane 3
              local.set 121
              local.get 121
              local.get 121
              i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
              f64x2.promote_low_f32x4
              local.set 125
              local.get 127
              local.get 129
              f64x2.ge
              local.set 131
              local.get 130
              local.get 131
              i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27
              local.set 132
              local.get 122
              local.get 124
              local.get 135
              v128.bitselect
              local.set 133
              local.get 123
              local.get 125
              local.get 136
              v128.bitselect
              local.set 134
              local.get 124
              local.get 122
              local.get 139
              v128.bitselect
              local.set 137
              local.get 125
              local.get 123
              local.get 140
              v128.bitselect
              local.set 138
              local.get 21
              local.get 23
              local.get 143
              v128.bitselect
              local.set 141
              local.get 22
              local.get 24
              local.get 144
              v128.bitselect
              local.set 142
              local.get 23
              local.get 21
              local.get 147
              v128.bitselect
              local.set 145
              local.get 24
              local.get 22
              local.get 148
              v128.bitselect
              local.set 146
              local.get 137
              local.get 133
              f64x2.div
              local.set 149
              local.get 138
              local.get 134
              f64x2.div
              local.set 150
              local.get 141
              local.get 149
              f64x2.mul
              local.set 161
              local.get 142
              local.get 150
              f64x2.mul
              local.set 162
              local.get 145
              local.get 161
              f64x2.sub
              local.set 163
              local.get 146
              local.get 162
              f64x2.sub
              local.set 164
              local.get 163
              local.get 153
              f64x2.div
              local.set 165
              local.get 164
              local.get 154
              f64x2.div
              local.set 166
              local.get 132
              i64x2.extend_high_i32x4_s
              local.set 172
              local.get 165
              local.get 167
              local.get 171
              v128.bitselect
              local.set 169
              local.get 166
              local.get 168
              local.get 172
              v128.bitselect
              local.set 170
              local.get 183
              local.get 125
              f64x2.div
              local.set 268
              local.get 268
              local.get 181
              f64x2.lt
              local.set 270
              local.get 269
              local.get 270
              i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27
              local.set 271
              local.get 266
              local.get 271
              v128.or
              local.set 272
              local.get 272
              i64x2.extend_low_i32x4_s
              local.set 275
              local.get 80
              local.get 69
              local.get 275
              v128.bitselect
              local.set 273
              local.get 273
              local.get 277
              local.get 283
              v128.bitselect
              local.set 281
              local.get 21
              local.get 281
              f64x2.mul
              local.set 295
              local.get 293
              local.get 295
              f64x2.sub
              local.set 297
              local.get 180
              local.get 297
              f64x2.mul
              local.set 299
              local.get 299
              local.get 169
              local.get 309
              v128.bitselect
              local.set 307
              local.get 300
              local.get 170
              local.get 310
              v128.bitselect
              local.set 308
              local.get 243
              local.get 307
              local.get 319
              v128.bitselect
              local.set 317
              local.get 244
              local.get 308
              local.get 320
              v128.bitselect
              local.set 318
              local.get 192
              local.get 38
              v128.and
              local.set 321
              local.get 179
              local.get 321
              v128.and
              local.set 322
              local.get 322
              i64x2.extend_high_i32x4_s
              local.set 330
              local.get 197
              local.get 317
              local.get 329
              v128.bitselect
              local.set 327
              local.get 198
              local.get 318
              local.get 330
              v128.bitselect
              local.set 328
              local.get 327
              f32x4.demote_f64x2_zero
              local.set 334
              local.get 328
              f32x4.demote_f64x2_zero
              local.set 335
              local.get 334
              local.get 335
              i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              local.set 336
              local.get 18
              local.get 336
              f32x4.extract_lane 3
              f32.store offset=24
              local.get 15
              i32.const 32
              i32.add
              local.set 15
              local.get 16
              i32.const 32
              i32.add
              local.set 16
              local.get 17
              i32.const 32
              i32.add
              local.set 17
              local.get 18
              i32.const 32
              i32.add
              local.set 18
              local.get 119
              i32.const 4
              i32.add
              local.set 119
              br 0
            end
          end
          local.get 10
          i32.const 8
          i32.add
          local.set 10
          local.get 11
          i32.const 8
          i32.add
          local.set 11
          local.get 12
          i32.const 392
          i32.add
          local.set 12
          local.get 13
          i32.const 392
          i32.add
          local.set 13
          local.get 14
          i32.const 1
          i32.add
          local.tee 14
          local.get 2
          i32.lt_u
          br_if 0
        end
      end
      i32.const 0
  )
  (func $main (param i32) (result i32)
    (local i32)
      local.get 0
      i32.const 0
      i32.const 49
      call 1
      local.tee 1
      if
        local.get 1
        return
      end
      i32.const 0
  )
  (export "abi_version" (func $abi_version))
  (export "nest_0" (func $nest_0_Div))
  (export "main" (func $main))
)
