// Diagnostics of complex types (internal/ops/cplx): ops without a complex lowering (Abs too: TF's takes real types, its complex magnitude is ComplexAbs), mixed complex types,
// complex ops on real operands, shapes that do not multiply, reduction indices not known when compiling.

func.func @tanh_of_complex(%x: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'tf.Tanh' op operand #0 must be a tensor of f16, f32, f64, bf16 values, but got tensor<3xcomplex<f32>>}}
  %0 = "tf.Tanh"(%x) : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @add_mixed(%x: tensor<3xcomplex<f32>>, %y: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  // expected-error @+1 {{'tf.AddV2' op requires the same element type for all operands, got tensor<3xcomplex<f32>> and tensor<3xcomplex<f64>>}}
  %0 = "tf.AddV2"(%x, %y) : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  func.return %0 : tensor<3xcomplex<f64>>
}

// -----

func.func @real_of_real(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Real' op operand #0 must be a tensor of complex<f32>, complex<f64> values, but got tensor<3xf32>}}
  %0 = "tf.Real"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @complex_of_int(%x: tensor<3xi32>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'tf.Complex' op operand #0 must be a tensor of f32, f64 values, but got tensor<3xi32>}}
  %0 = "tf.Complex"(%x, %x) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @matmul_sizes(%x: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
  // expected-error @+1 {{'tf.MatMul' op Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]}}
  %0 = "tf.MatMul"(%x, %x) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  func.return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @sum_axes_unknown(%x: tensor<2x3xcomplex<f64>>, %a: tensor<i32>) -> tensor<?xcomplex<f64>> {
  // expected-error @+1 {{'tf.Sum' op reduction indices %a must be known before the kernel runs}}
  %0 = "tf.Sum"(%x, %a) : (tensor<2x3xcomplex<f64>>, tensor<i32>) -> tensor<?xcomplex<f64>>
  func.return %0 : tensor<?xcomplex<f64>>
}

// -----

func.func @abs_of_complex(%x: tensor<3xcomplex<f32>>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Abs' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, bf16 values, but got tensor<3xcomplex<f32>>}}
  %0 = "tf.Abs"(%x) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @concat_mixed(%x: tensor<2xcomplex<f32>>, %y: tensor<2xcomplex<f64>>) -> tensor<4xcomplex<f32>> {
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.ConcatV2' op inputs must have the same element type and rank, got tensor<2xcomplex<f32>> and tensor<2xcomplex<f64>>}}
  %0 = "tf.ConcatV2"(%x, %y, %ax) : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>, tensor<i32>) -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @padv2_value_type(%x: tensor<2xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %p = "tf.Const"() {value = dense<1> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %v = "tf.Const"() {value = dense<(1.0,2.0)> : tensor<complex<f64>>} : () -> tensor<complex<f64>>
  // expected-error @+1 {{'tf.PadV2' op constant_values must be a scalar of the input's type, got tensor<complex<f64>>}}
  %0 = "tf.PadV2"(%x, %p, %v) : (tensor<2xcomplex<f32>>, tensor<1x2xi32>, tensor<complex<f64>>) -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @select_mixed(%c: tensor<2xi1>, %x: tensor<2xcomplex<f32>>, %y: tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'tf.SelectV2' op requires the same element type for all operands, got tensor<2xcomplex<f32>> and tensor<2xcomplex<f64>>}}
  %0 = "tf.SelectV2"(%c, %x, %y) : (tensor<2xi1>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @equal_real(%x: tensor<2xcomplex<f32>>, %y: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error @+1 {{'tf.Equal' op operand #1 must be a tensor of complex<f32>, complex<f64> values, but got tensor<2xf32>}}
  %0 = "tf.Equal"(%x, %y) : (tensor<2xcomplex<f32>>, tensor<2xf32>) -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// -----

func.func @equal_result(%x: tensor<2xcomplex<f32>>, %y: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{'tf.NotEqual' op inferred type tensor<2xi1> is incompatible with the declared result type tensor<2xcomplex<f32>>}}
  %0 = "tf.NotEqual"(%x, %y) : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @bias_real(%x: tensor<2x3xcomplex<f32>>, %b: tensor<3xf32>) -> tensor<2x3xcomplex<f32>> {
  // expected-error @+1 {{'tf.BiasAdd' op requires the same element type for all operands, got tensor<2x3xcomplex<f32>> and tensor<3xf32>}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xcomplex<f32>>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  func.return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @maximum_of_complex(%x: tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>> {
  // expected-error @+1 {{'tf.Maximum' op operand #0 must be a tensor of}}
  %0 = "tf.Maximum"(%x, %x) : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  func.return %0 : tensor<2xcomplex<f64>>
}

// -----

func.func @reshape_declared_real(%x: tensor<4xcomplex<f32>>) -> tensor<2x2xf32> {
  %s = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.Reshape' op inferred type tensor<2x2xcomplex<f32>> is incompatible with the declared result type tensor<2x2xf32>}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<4xcomplex<f32>>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

func.func @const_declared_real() -> tensor<2xf32> {
  // expected-error @+1 {{'tf.Const' op inferred type tensor<2xcomplex<f32>> is incompatible with the declared result type tensor<2xf32>}}
  %0 = "tf.Const"() {value = dense<(1.0,0.0)> : tensor<2xcomplex<f32>>} : () -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @scatter_max_of_complex(%x: tensor<3xcomplex<f32>>, %i: tensor<1x1xi32>, %u: tensor<1xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'tf.TensorScatterMax' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, bf16 values, but got tensor<3xcomplex<f32>>}}
  %0 = "tf.TensorScatterMax"(%x, %i, %u) : (tensor<3xcomplex<f32>>, tensor<1x1xi32>, tensor<1xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @cumprod_of_complex(%x: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Cumprod' op operand #0 must be a tensor of i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, f32, f64, bf16 values, but got tensor<3xcomplex<f32>>}}
  %0 = "tf.Cumprod"(%x, %a) : (tensor<3xcomplex<f32>>, tensor<i32>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @scatter_nd_complex_into_real(%i: tensor<1x1xi32>, %u: tensor<1xcomplex<f64>>) -> tensor<3xf64> {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.ScatterNd' op inferred type tensor<3xcomplex<f64>> is incompatible with the declared result type tensor<3xf64>}}
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<1x1xi32>, tensor<1xcomplex<f64>>, tensor<1xi32>) -> tensor<3xf64>
  func.return %0 : tensor<3xf64>
}
