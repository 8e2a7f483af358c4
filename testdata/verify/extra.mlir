// Diagnostics of the elementwise ops of internal/lower/ops_extra.go: element types
// outside what TensorFlow allows for each op, operand counts, shapes that do
// not broadcast, and declared result types that contradict the op.

func.func @acos_of_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.Acos' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi32>}}
  %0 = "tf.Acos"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @atan2_of_int(%y: tensor<3xi64>, %x: tensor<3xi64>) -> tensor<3xi64> {
  // expected-error @+1 {{'tf.Atan2' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi64>}}
  %0 = "tf.Atan2"(%y, %x) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}

// -----

func.func @selu_of_bool(%x: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.Selu' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi1>}}
  %0 = "tf.Selu"(%x) : (tensor<3xi1>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @leaky_relu_of_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.LeakyRelu' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi32>}}
  %0 = "tf.LeakyRelu"(%x) {alpha = 1.000000e-01 : f32} : (tensor<3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @div_no_nan_of_int(%x: tensor<3xi32>, %y: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.DivNoNan' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi32>}}
  %0 = "tf.DivNoNan"(%x, %y) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @xlogy_of_int(%x: tensor<3xi8>, %y: tensor<3xi8>) -> tensor<3xi8> {
  // expected-error @+1 {{'tf.Xlogy' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi8>}}
  %0 = "tf.Xlogy"(%x, %y) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  func.return %0 : tensor<3xi8>
}

// -----

func.func @invert_of_float(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Invert' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64 values, but got tensor<3xf32>}}
  %0 = "tf.Invert"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @invert_of_bool(%x: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.Invert' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64 values, but got tensor<3xi1>}}
  %0 = "tf.Invert"(%x) : (tensor<3xi1>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @mod_of_i8(%x: tensor<3xi8>, %y: tensor<3xi8>) -> tensor<3xi8> {
  // expected-error @+1 {{'tf.Mod' op operand #0 must be a tensor of i32, i64, f16, f32, f64, bf16 values, but got tensor<3xi8>}}
  %0 = "tf.Mod"(%x, %y) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  func.return %0 : tensor<3xi8>
}

// -----

func.func @truncate_mod_of_unsigned(%x: tensor<3xui32>, %y: tensor<3xui32>) -> tensor<3xui32> {
  // expected-error @+1 {{'tf.TruncateMod' op operand #0 must be a tensor of i32, i64, f16, f32, f64, bf16 values, but got tensor<3xui32>}}
  %0 = "tf.TruncateMod"(%x, %y) : (tensor<3xui32>, tensor<3xui32>) -> tensor<3xui32>
  func.return %0 : tensor<3xui32>
}

// -----

func.func @truncate_div_of_bool(%x: tensor<3xi1>, %y: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.TruncateDiv' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, bf16 values, but got tensor<3xi1>}}
  %0 = "tf.TruncateDiv"(%x, %y) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @next_after_of_f16(%x: tensor<3xf16>, %y: tensor<3xf16>) -> tensor<3xf16> {
  // expected-error @+1 {{'tf.NextAfter' op operand #0 must be a tensor of f32, f64 values, but got tensor<3xf16>}}
  %0 = "tf.NextAfter"(%x, %y) : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  func.return %0 : tensor<3xf16>
}

// -----

func.func @is_nan_of_int(%x: tensor<3xi32>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.IsNan' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xi32>}}
  %0 = "tf.IsNan"(%x) : (tensor<3xi32>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @is_inf_result_not_bool(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.IsInf' op inferred type tensor<3xi1> is incompatible with the declared result type tensor<3xf32>: element type i1 vs f32}}
  %0 = "tf.IsInf"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @approximate_equal_result_not_bool(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.ApproximateEqual' op inferred type tensor<3xi1> is incompatible with the declared result type tensor<3xf32>: element type i1 vs f32}}
  %0 = "tf.ApproximateEqual"(%x, %y) {tolerance = 1.000000e-01 : f32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @approximate_equal_mixed(%x: tensor<3xf32>, %y: tensor<3xf64>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.ApproximateEqual' op requires the same element type for all operands, got tensor<3xf32> and tensor<3xf64>}}
  %0 = "tf.ApproximateEqual"(%x, %y) : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @approximate_equal_of_bool(%x: tensor<3xi1>, %y: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'tf.ApproximateEqual' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, bf16 values, but got tensor<3xi1>}}
  %0 = "tf.ApproximateEqual"(%x, %y) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// -----

func.func @clip_bounds_mixed(%t: tensor<3xf32>, %lo: tensor<f64>, %hi: tensor<f64>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.ClipByValue' op requires the same element type for all operands, got tensor<3xf32> and tensor<f64>}}
  %0 = "tf.ClipByValue"(%t, %lo, %hi) : (tensor<3xf32>, tensor<f64>, tensor<f64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @clip_bad_broadcast(%t: tensor<2x3xf32>, %lo: tensor<4xf32>, %hi: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tf.ClipByValue' op Incompatible shapes: [2,3] vs. [4] vs. []}}
  %0 = "tf.ClipByValue"(%t, %lo, %hi) : (tensor<2x3xf32>, tensor<4xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @clip_two_operands(%t: tensor<3xf32>, %lo: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.ClipByValue' op requires 3 operands, got 2}}
  %0 = "tf.ClipByValue"(%t, %lo) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @mul_no_nan_bad_broadcast(%x: tensor<2x3xf32>, %y: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tf.MulNoNan' op Incompatible shapes: [2,3] vs. [2]}}
  %0 = "tf.MulNoNan"(%x, %y) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @zeros_like_changes_type(%x: tensor<3xi1>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.ZerosLike' op inferred type tensor<3xi1> is incompatible with the declared result type tensor<3xf32>: element type i1 vs f32}}
  %0 = "tf.ZerosLike"(%x) : (tensor<3xi1>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @ones_like_changes_shape(%x: tensor<3x2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'tf.OnesLike' op inferred type tensor<3x2xi32> is incompatible with the declared result type tensor<2x3xi32>: dim 0 is 3 vs 2}}
  %0 = "tf.OnesLike"(%x) : (tensor<3x2xi32>) -> tensor<2x3xi32>
  func.return %0 : tensor<2x3xi32>
}

// -----

func.func @erfc_one_operand(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Erfc' op requires 1 operands, got 2}}
  %0 = "tf.Erfc"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Several errors in one function are all reported, each at its op.
func.func @several(%x: tensor<3xi32>, %f: tensor<3xf32>) -> (tensor<3xi32>, tensor<3xf32>) {
  // expected-error @+1 {{'tf.Softplus' op operand #0 must be a tensor of f16, f32, f64, bf16 values}}
  %0 = "tf.Softplus"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  // expected-error @+1 {{'tf.Softsign' op operand #0 must be a tensor of f16, f32, f64, bf16 values}}
  %1 = "tf.Softsign"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  // expected-error @+1 {{'tf.Elu' op inferred type tensor<3xf32> is incompatible with the declared result type tensor<3xi32>}}
  %2 = "tf.Elu"(%f) : (tensor<3xf32>) -> tensor<3xi32>
  func.return %0, %f : tensor<3xi32>, tensor<3xf32>
}
