// Lgamma, Digamma, Igamma, Igammac on positive arguments (tf.math special functions).
// sweep: arg0.range=0.1:6 arg1.range=0.1:6 rtol=1e-4 atol=1e-5
func.func @test(%V__0: tensor<?xf32> { python_test_attrs.static_type = tensor<24xf32> }, %V__1: tensor<?xf32> { python_test_attrs.static_type = tensor<24xf32> }) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Lgamma"(%V__0) {T = f32, device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Digamma"(%V__0) {T = f32, device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Igamma"(%V__0, %V__1) {T = f32, device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %3 = "tf.Igammac"(%V__0, %V__1) {T = f32, device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
