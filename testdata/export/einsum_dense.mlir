// Einsum as Keras' EinsumDense writes it ("abc,cd->abd") plus a transposing one ("ij->ji" is not an
// Einsum TF emits; "abc,cde->abde" is).
func.func @test(%V__0: tensor<?x3x4xf32> { python_test_attrs.static_type = tensor<2x3x4xf32> }, %V__1: tensor<4x5xf32>, %V__2: tensor<4x2x3xf32>) -> (tensor<?x3x5xf32>, tensor<?x3x2x3xf32>) {
  %0 = "tf.Einsum"(%V__0, %V__1) {N = 2 : i64, T = f32, device = "", equation = "abc,cd->abd"} : (tensor<?x3x4xf32>, tensor<4x5xf32>) -> tensor<?x3x5xf32>
  %1 = "tf.Einsum"(%V__0, %V__2) {N = 2 : i64, T = f32, device = "", equation = "abc,cde->abde"} : (tensor<?x3x4xf32>, tensor<4x2x3xf32>) -> tensor<?x3x2x3xf32>
  func.return %0, %1 : tensor<?x3x5xf32>, tensor<?x3x2x3xf32>
}
