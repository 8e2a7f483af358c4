// sandjit-test: rtol=1e-5 atol=1e-6
// Sum over i32 axis constants, keep_dims true and false, over a middle dim and over two outer dims.
func.func @test(%V__0: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<7x13x5xf32>}) -> (tensor<?x1x?xf32>, tensor<?xf32>) {
  %dims0 = "tf.Const"() {value = dense<[1]> : tensor<1xi32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<1xi32>
  %0 = "tf.Sum"(%V__0, %dims0) {keep_dims = true, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xf32>, tensor<1xi32>) -> tensor<?x1x?xf32>
  %dims1 = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi32>, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : () -> tensor<2xi32>
  %1 = "tf.Sum"(%V__0, %dims1) {keep_dims = false, device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<?x1x?xf32>, tensor<?xf32>
}
