// The array family (internal/ops/array): splits, mirrored padding and
// diagonals, with TF's messages where TF has one.

func.func @split_uneven(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{Number of ways to split should evenly divide the split dimension, but got split_dim 1 (size = 5) and num_split 2}}
  %0:2 = "tf.Split"(%a, %x) {num_split = 2 : i64} : (tensor<i32>, tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>)
  func.return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x3xf32>
}

// -----

func.func @split_axis(%x: tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %a = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{split_dim 2 is out of range [-2, 2)}}
  %0:2 = "tf.Split"(%a, %x) {num_split = 2 : i64} : (tensor<i32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @split_num(%x: tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{num_split = 4, but the op has 2 results}}
  %0:2 = "tf.Split"(%a, %x) {num_split = 4 : i64} : (tensor<i32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @split_dim_from_argument(%x: tensor<2x4xf32>, %a: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  // expected-error @+1 {{split_dim %a must be known before the kernel runs; argument #1 needs a "value" constraint}}
  %0:2 = "tf.Split"(%a, %x) {num_split = 2 : i64} : (tensor<i32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @split_result_type(%x: tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{inferred type tensor<2x2xf32> of result #1 is incompatible with its declared type tensor<2x3xf32>}}
  %0:2 = "tf.Split"(%a, %x) : (tensor<i32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>)
  func.return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x3xf32>
}

// -----

func.func @splitv_two_unknown(%x: tensor<2x4xf32>) -> (tensor<2x?xf32>, tensor<2x?xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[-1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{Split size at index 1 must be >= 0 (only one -1 allowed). Got: -1}}
  %0:2 = "tf.SplitV"(%x, %s, %a) : (tensor<2x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xf32>)
  func.return %0#0, %0#1 : tensor<2x?xf32>, tensor<2x?xf32>
}

// -----

func.func @splitv_sum(%x: tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{Determined shape must either match input shape along split_dim exactly if fully specified, or be less than the size of the input along split_dim if not fully specified.  Got: 2}}
  %0:2 = "tf.SplitV"(%x, %s, %a) : (tensor<2x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x1xf32>)
  func.return %0#0, %0#1 : tensor<2x1xf32>, tensor<2x1xf32>
}

// -----

func.func @splitv_count(%x: tensor<2x4xf32>) -> (tensor<2x1xf32>, tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[1, 1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error @+1 {{size_splits has 3 values for 2 results}}
  %0:2 = "tf.SplitV"(%x, %s, %a) : (tensor<2x4xf32>, tensor<3xi32>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x3xf32>)
  func.return %0#0, %0#1 : tensor<2x1xf32>, tensor<2x3xf32>
}

// -----

func.func @unpack_num(%x: tensor<3x2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+1 {{Input shape axis 0 must equal 2, got 3}}
  %0:2 = "tf.Unpack"(%x) {axis = 0 : i64, num = 2 : i64} : (tensor<3x2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  func.return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @unpack_axis(%x: tensor<2x2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+1 {{axis -3 is out of range [-2, 2)}}
  %0:2 = "tf.Unpack"(%x) {axis = -3 : i64, num = 2 : i64} : (tensor<2x2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  func.return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @unpack_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{cannot split a scalar (tensor<f32>)}}
  %0 = "tf.Unpack"(%x) {num = 1 : i64} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @mirror_pad_reflect_limit(%x: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %p = "tf.Const"() {value = dense<[[2, 1], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error @+1 {{paddings must be no greater than the dimension size: 2, 1 greater than 1}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<5x3xf32>
  func.return %0 : tensor<5x3xf32>
}

// -----

func.func @mirror_pad_symmetric_limit(%x: tensor<2x3xf32>) -> tensor<2x7xf32> {
  %p = "tf.Const"() {value = dense<[[0, 0], [0, 4]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error @+1 {{paddings must be no greater than the dimension size: 0, 4 greater than 3}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "SYMMETRIC"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<2x7xf32>
  func.return %0 : tensor<2x7xf32>
}

// -----

func.func @mirror_pad_negative(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %p = "tf.Const"() {value = dense<[[0, -1], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error @+1 {{paddings must be non-negative: 0 -1}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "SYMMETRIC"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @mirror_pad_mode(%x: tensor<2x3xf32>, %p: tensor<2x2xi32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{mode must be REFLECT or SYMMETRIC, got "CONSTANT"}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "CONSTANT"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @mirror_pad_paddings_shape(%x: tensor<2x3xf32>, %p: tensor<3x2xi32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{paddings must be a matrix with 2 columns and 2 rows (the rank of the input), got tensor<3x2xi32>}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<2x3xf32>, tensor<3x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @mirror_pad_paddings_from_data(%x: tensor<2x3xf32>, %p: tensor<2x2xf32>) -> tensor<?x?xf32> {
  %q = "tf.Cast"(%p) : (tensor<2x2xf32>) -> tensor<2x2xi32>
  // expected-error @+1 {{paddings %q must be known before the kernel runs: a constant, a tf.Shape, or integer ops on those; 'tf.Cast' is not}}
  %0 = "tf.MirrorPad"(%x, %q) {mode = "REFLECT"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_part_rank(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{input must be at least 2-dim, received shape: tensor<3xf32>}}
  %0 = "tf.MatrixDiagPart"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @diag_part_order(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{lower_diag_index must not be larger than upper_diag_index: 1 > 0}}
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<3x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_part_bound(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[0, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{upper_diag_index is out of bound: 3. It must be between -2 and 3}}
  %0 = "tf.MatrixDiagPartV2"(%x, %k, %p) : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_part_align(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{align must be RIGHT_LEFT, LEFT_RIGHT, LEFT_LEFT or RIGHT_RIGHT, got "RIGHT"}}
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) {align = "RIGHT"} : (tensor<3x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_part_padding(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{padding_value must be a scalar of f32, got tensor<i32>}}
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<3x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_part_k_count(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{diag_index must have only one or two elements, received 3 elements}}
  %0 = "tf.MatrixDiagPartV3"(%x, %k, %p) : (tensor<3x3xf32>, tensor<3xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_band_count(%d: tensor<2x4xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %m = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{The number of diagonals provided in the input does not match the lower_diag_index and upper_diag_index range.}}
  %0 = "tf.MatrixDiagV3"(%d, %k, %m, %m, %p) : (tensor<2x4xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_rows(%d: tensor<3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %m = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{The number of rows is too small.}}
  %0 = "tf.MatrixDiagV2"(%d, %k, %r, %m, %p) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_rows_cols(%d: tensor<3xf32>) -> tensor<?x?xf32> {
  %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{The number of rows or columns is not consistent with the specified d_lower, d_upper, and diagonal.}}
  %0 = "tf.MatrixDiagV3"(%d, %k, %r, %r, %p) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @diag_scalar(%d: tensor<f32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{diagonal must be at least 1-dim, received shape: tensor<f32>}}
  %0 = "tf.MatrixDiag"(%d) : (tensor<f32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @bitcast_last_dim(%x: tensor<3xf32>) -> tensor<?xf64> {
  // expected-error @+1 {{Cannot bitcast from f32 to f64: shape [3] does not end in 2}}
  %0 = "tf.Bitcast"(%x) : (tensor<3xf32>) -> tensor<?xf64>
  func.return %0 : tensor<?xf64>
}

// -----

func.func @bitcast_bool(%x: tensor<4xui8>) -> tensor<4xi1> {
  // expected-error @+1 {{cannot bitcast ui8 to i1}}
  %0 = "tf.Bitcast"(%x) : (tensor<4xui8>) -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// -----

func.func @bitcast_type_attr(%x: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute type is ui32, but the result is tensor<4xf32>}}
  %0 = "tf.Bitcast"(%x) {type = ui32} : (tensor<4xi32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @set_diag_shape(%x: tensor<3x4xf32>, %d: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{Either first dimensions of diagonal don't match input.shape[:-2], or diagonal.shape[:-1] is not equal to the diagonals' lengths. Expected diagonal shape: [3] but received: [4]}}
  %0 = "tf.MatrixSetDiag"(%x, %d) : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

func.func @set_diag_rank(%x: tensor<3x4xf32>, %d: tensor<3xf32>) -> tensor<3x4xf32> {
  %k = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{diagonal must have rank 2, received shape: tensor<3xf32>}}
  %0 = "tf.MatrixSetDiagV3"(%x, %d, %k) : (tensor<3x4xf32>, tensor<3xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}
