// Run-time shape operands: an integer argument that sizes a result is read
// by the host before each run (no diagnostic); an operand whose value
// shapes the computation still needs a "value" constraint, and a shape
// computed from data in the kernel stays refused, as in TF's JIT.

func.func @reshape_from_argument(%x: tensor<?x?xf32>, %s: tensor<3xi32>) -> tensor<?x?x?xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  func.return %0 : tensor<?x?x?xf32>
}

// -----

func.func @shape_arithmetic_on_arguments(%x: tensor<?xf32>, %a: tensor<i64>, %b: tensor<i64>) -> tensor<?x?xf32> {
  %m = "tf.Mul"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %p = "tf.Pack"(%a, %m) {axis = 0 : i64} : (tensor<i64>, tensor<i64>) -> tensor<2xi64>
  %0 = "tf.BroadcastTo"(%x, %p) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @transpose_perm_from_argument(%x: tensor<?x?xf32>, %p: tensor<2xi32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{perm %p must be known before the kernel runs; argument #1 needs a "value" constraint}}
  %0 = "tf.Transpose"(%x, %p) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @transpose_perm_also_a_shape(%x: tensor<?x?xf32>, %p: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Reshape"(%x, %p) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  // expected-error @+1 {{perm %p must be known before the kernel runs; argument #1 needs a "value" constraint}}
  %1 = "tf.Transpose"(%x, %p) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

func.func @concat_axis_from_argument(%x: tensor<?xf32>, %a: tensor<i32>) -> tensor<?xf32> {
  // expected-error @+1 {{axis %a must be known before the kernel runs; argument #1 needs a "value" constraint}}
  %0 = "tf.ConcatV2"(%x, %x, %a) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @shape_from_data(%x: tensor<?x?xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %a = "tf.Abs"(%s) : (tensor<2xi32>) -> tensor<2xi32>
  // expected-error @+1 {{shape %a must be known before the kernel runs: a constant, a tf.Shape, or integer ops on those; 'tf.Abs' is not}}
  %0 = "tf.Reshape"(%x, %a) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @shape_from_float_data(%x: tensor<?x?xf32>, %f: tensor<2xf32>) -> tensor<?x?xf32> {
  %s = "tf.Cast"(%f) : (tensor<2xf32>) -> tensor<2xi32>
  // expected-error @+1 {{shape %s must be known before the kernel runs: a constant, a tf.Shape, or integer ops on those; 'tf.Cast' is not}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @fill_rank_too_large(%v: tensor<f32>) -> tensor<*xf32> {
  %d = "tf.Const"() {value = dense<1> : tensor<17xi32>} : () -> tensor<17xi32>
  // expected-error @+1 {{result has rank 17, more than the maximum of 16}}
  %0 = "tf.Fill"(%d, %v) : (tensor<17xi32>, tensor<f32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

func.func @shrink_with_negative_stride(%x: tensor<4x5xf32>) -> tensor<5xf32> {
  %b = "tf.Const"() {value = dense<[2, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[3, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{only stride 1 allowed on non-range indexing.}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}
