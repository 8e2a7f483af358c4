// TensorScatterAdd exactly as TF's scatter_op_benchmark writes it (full rows, dynamic output dims).
// sweep: arg1=1x20x11
  func.func @main(%updates: tensor<5x11xf32>, %out: tensor<1x?x?xf32>) -> tensor<1x?x?xf32> {
    %indices = "tf.Const"()
      {value = dense<[[0, 0],[0, 5],[0, 10],[0, 15],[0, 0]]> : tensor<5x2xi32>,
      device = "/job:localhost/replica:0/task:0/device:CPU:0"}
      : () -> tensor<5x2xi32>
    %updates_exp = "tf.Exp"(%updates)
      {device = "/job:localhost/replica:0/task:0/device:CPU:0"}
      : (tensor<5x11xf32>) -> tensor<5x11xf32>
    %scattered = "tf.TensorScatterAdd"(%out, %indices, %updates)
      {device = "/job:localhost/replica:0/task:0/device:CPU:0"}
      : (tensor<1x?x?xf32>, tensor<5x2xi32>, tensor<5x11xf32>) -> tensor<1x?x?xf32>
    func.return %scattered : tensor<1x?x?xf32>
  }
