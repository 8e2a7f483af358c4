func.func @test(%V__0: tensor<?x?x?xf32> { python_test_attrs.static_type = tensor<2x4x10xf32> }, %V__1: tensor<?xf32> { python_test_attrs.static_type = tensor<4xf32> }) -> tensor<?x?x?xf32> {
  %0 = "tf.Exp"(%V__0) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.LeakyRelu"(%V__0) {alpha = 0.1 : f32, device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %2 = "tf.Pow"(%1, %V__0) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %3 = "tf.Rint"(%V__1) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?xf32>) -> tensor<?xf32>
  %4 = "tf.BiasAdd"(%2, %3) {data_format = "NCHW", device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  %5 = "tf.Pow"(%0, %4) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %dims = "tf.Const"() { value = dense<[0, 2]> : tensor<2xi32> } : () -> tensor<2xi32>
  %6 = "tf.Sum"(%5, %dims) { keep_dims = true } : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<1x?x1xf32>
  %7 = "tf.Sub"(%5, %6) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?x?xf32>, tensor<1x?x1xf32>) -> tensor<?x?x?xf32>
  func.return %7 : tensor<?x?x?xf32>
}
