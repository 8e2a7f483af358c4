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
