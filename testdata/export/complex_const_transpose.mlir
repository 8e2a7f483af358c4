// complex64: a complex constant, Mul, Transpose and Reshape (data movement), ComplexAbs out.
func.func @test(%V__0: tensor<2x3xcomplex<f32>>) -> (tensor<3x2xcomplex<f32>>, tensor<6xf32>) {
  %c = "tf.Const"() {device = "", value = dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>
  %perm = "tf.Const"() {device = "", value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %shape = "tf.Const"() {device = "", value = dense<6> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Mul"(%V__0, %c) {T = complex<f32>, device = ""} : (tensor<2x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x3xcomplex<f32>>
  %1 = "tf.Transpose"(%0, %perm) {T = complex<f32>, Tperm = i32, device = ""} : (tensor<2x3xcomplex<f32>>, tensor<2xi32>) -> tensor<3x2xcomplex<f32>>
  %2 = "tf.Reshape"(%0, %shape) {T = complex<f32>, Tshape = i32, device = ""} : (tensor<2x3xcomplex<f32>>, tensor<1xi32>) -> tensor<6xcomplex<f32>>
  %3 = "tf.ComplexAbs"(%2) {T = complex<f32>, Tout = f32, device = ""} : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  func.return %1, %3 : tensor<3x2xcomplex<f32>>, tensor<6xf32>
}
