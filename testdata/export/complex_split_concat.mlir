// complex64 data movement: Split, ConcatV2, Complex/Real/Imag round trip.
func.func @test(%V__0: tensor<4x2xf32>, %V__1: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %ax = "tf.Const"() {device = "", value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Complex"(%V__0, %V__1) {T = f32, Tout = complex<f32>, device = ""} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xcomplex<f32>>
  %1:2 = "tf.Split"(%ax, %0) {T = complex<f32>, device = "", num_split = 2 : i64} : (tensor<i32>, tensor<4x2xcomplex<f32>>) -> (tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>)
  %2 = "tf.ConcatV2"(%1#1, %1#0, %ax) {N = 2 : i64, T = complex<f32>, Tidx = i32, device = ""} : (tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>, tensor<i32>) -> tensor<4x2xcomplex<f32>>
  %3 = "tf.Real"(%2) {T = complex<f32>, Tout = f32, device = ""} : (tensor<4x2xcomplex<f32>>) -> tensor<4x2xf32>
  %4 = "tf.Imag"(%2) {T = complex<f32>, Tout = f32, device = ""} : (tensor<4x2xcomplex<f32>>) -> tensor<4x2xf32>
  func.return %3, %4 : tensor<4x2xf32>, tensor<4x2xf32>
}
