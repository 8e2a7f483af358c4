// Zeta (x > 1), Polygamma (integer orders as floats), Betainc (x in [0, 1]).
// sweep: arg0.range=1.5:5 arg1.range=0.2:4 arg2.range=0:1 rtol=1e-4 atol=1e-5
func.func @test(%V__0: tensor<12xf32>, %V__1: tensor<12xf32>, %V__2: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>, tensor<12xf32>) {
  %n = "tf.Const"() {device = "", value = dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00, 1.000000e+00]> : tensor<12xf32>} : () -> tensor<12xf32>
  %0 = "tf.Zeta"(%V__0, %V__1) {T = f32, device = ""} : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>
  %1 = "tf.Polygamma"(%n, %V__1) {T = f32, device = ""} : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>
  %2 = "tf.Betainc"(%V__0, %V__1, %V__2) {T = f32, device = ""} : (tensor<12xf32>, tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>
  func.return %0, %1, %2 : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
}
