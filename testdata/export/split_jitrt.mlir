// Split in the jitrt regression tests' form: python_test_attrs.static_type, device strings, func.return.
func.func @test(%V__0: tensor<?x?xf32> { python_test_attrs.static_type = tensor<6x4xf32> }) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %axis = "tf.Const"() { value = dense<0> : tensor<i32>, device = "/job:localhost/replica:0/task:0/device:CPU:0" } : () -> tensor<i32>
  %0:2 = "tf.Split"(%axis, %V__0) { num_split = 2 : i64, device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<i32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  %1 = "tf.Exp"(%0#1) { device = "/job:localhost/replica:0/task:0/device:CPU:0" } : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0#0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
